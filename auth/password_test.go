package auth

import (
	"strings"
	"testing"
)

func TestHashAndCheck(t *testing.T) {
	h, err := HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("unexpected hash format %q", h)
	}
	if ok, err := CheckPassword(h, "correct horse"); !ok || err != nil {
		t.Fatalf("right password refused: %v %v", ok, err)
	}
	if ok, _ := CheckPassword(h, "correct horsf"); ok {
		t.Fatal("wrong password accepted")
	}
	h2, _ := HashPassword("correct horse")
	if h == h2 {
		t.Fatal("two hashes of one password are equal: salt missing")
	}
}

func TestCheckMalformed(t *testing.T) {
	for _, h := range []string{"", "plain", "$argon2i$v=19$m=1,t=1,p=1$AA$AA", "$argon2id$v=19$m=x$AA$AA", "$argon2id$v=19$m=8,t=1,p=1$!!$AA"} {
		if ok, err := CheckPassword(h, "x"); ok || err == nil {
			t.Errorf("%q: got %v, %v; want an error", h, ok, err)
		}
	}
}

func TestRandomPassword(t *testing.T) {
	a, b := RandomPassword(20), RandomPassword(20)
	if len(a) != 20 || a == b {
		t.Fatalf("got %q and %q", a, b)
	}
}
