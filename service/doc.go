// Package service holds the user operations: what a request asks Arena to
// do (submit a version, start a challenge, administer a tournament or a
// game), each checked and done in one transaction it owns, with the River
// jobs it queues. The judge's workers then play what these operations
// queue; web handlers only read the request and call one operation.
package service
