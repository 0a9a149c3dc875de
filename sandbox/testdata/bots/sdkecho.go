// want: reply ^sdk:ping$
// Uses the (fake) game SDK: the SDK's packages are importable.
package main

import (
	"fmt"

	"arena.dev/games/fake/sdk"
)

func main() {
	sdk.Run(func(msg []byte) []byte {
		fmt.Println("debug: got", string(msg)) // goes to the log, not the protocol
		return append([]byte("sdk:"), msg...)
	})
}
