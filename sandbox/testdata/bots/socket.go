// want: refused bot.go:5:8
// Opens a socket.
package main

import "net"

func main() {
	c, err := net.Dial("tcp", "127.0.0.1:5432")
	if err == nil {
		c.Close()
	}
}
