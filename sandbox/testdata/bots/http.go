// want: refused bot.go:7:2
// Uses the network through net/http.
package main

import (
	"fmt"
	"net/http"
)

func main() { fmt.Println(http.Get("http://example.com")) }
