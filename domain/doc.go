// Package domain is Arena's vocabulary: the values the store returns, the
// services and the web pass around and the templates show (users, bots,
// versions, matches, seats, their statuses and kinds), and the one error
// type every layer reports failures with. It imports nothing of Arena's,
// so any package may use it.
package domain
