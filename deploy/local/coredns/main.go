// Command coredns is CoreDNS from its Go module with only the plugins the local cluster's Corefile
// uses (packages/devstack/src/cluster/manifests.ts): the full build pulls in the AWS, Azure and Google
// Cloud SDKs for plugins a closed single-node cluster never loads, and costs minutes more to compile.
// The directive order stays CoreDNS's own (core/dnsserver): it orders whichever plugins are present.
package main

import (
	_ "github.com/coredns/coredns/plugin/bind"
	_ "github.com/coredns/coredns/plugin/cache"
	_ "github.com/coredns/coredns/plugin/errors"
	_ "github.com/coredns/coredns/plugin/health"
	_ "github.com/coredns/coredns/plugin/kubernetes"
	_ "github.com/coredns/coredns/plugin/loadbalance"
	_ "github.com/coredns/coredns/plugin/log"
	_ "github.com/coredns/coredns/plugin/ready"
	_ "github.com/coredns/coredns/plugin/template"

	"github.com/coredns/coredns/coremain"
)

func main() {
	coremain.Run()
}
