// Command kube-router is kube-router's network policy controller alone, for the local cluster
// (packages/devstack/src/cluster/network-policy.ts): the bridge CNI enforces no NetworkPolicy, and
// this controller does it with iptables and ipset on the node. kube-router's own main would also
// serve its health port on every interface; this one starts nothing but the firewall, and refuses
// --run-router, --run-service-proxy and --run-loadbalancer (the BGP router and the service proxy
// are where v2.1.0's published advisories are: docs/development.md).
//
// One change of behaviour: kube-router puts its jumps first in INPUT, FORWARD and OUTPUT on every
// sync. The cluster's guard chains (--keep-first, a chain name prefix) must stay ahead of them,
// since the policy chains ACCEPT what a policy allows, before the guards could drop a pod's packet
// toward the outside interface. The iptables handler given to the controller hides the guards'
// leading jumps from it: kube-router's position 1 is the first rule after them.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/cloudnativelabs/kube-router/v2/pkg/controllers/netpol"
	"github.com/cloudnativelabs/kube-router/v2/pkg/healthcheck"
	"github.com/cloudnativelabs/kube-router/v2/pkg/options"
	"github.com/cloudnativelabs/kube-router/v2/pkg/utils"
	"github.com/spf13/pflag"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/klog/v2"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run() error {
	klog.InitFlags(nil)
	config := options.NewKubeRouterConfig()
	config.AddFlags(pflag.CommandLine)
	keepFirst := pflag.String("keep-first", "", "chains whose name starts with this stay first in INPUT, FORWARD and OUTPUT")
	pflag.Parse()
	if config.HelpRequested {
		pflag.Usage()
		return nil
	}
	if err := flag.Set("logtostderr", "true"); err != nil {
		return err
	}
	if err := flag.Set("v", config.VLevel); err != nil {
		return err
	}
	if !config.RunFirewall || config.RunRouter || config.RunServiceProxy || config.RunLoadBalancer {
		return fmt.Errorf("only the firewall runs here: --run-firewall=true --run-router=false --run-service-proxy=false")
	}
	restConfig, err := clientcmd.BuildConfigFromFlags(config.Master, config.Kubeconfig)
	if err != nil {
		return fmt.Errorf("kubeconfig: %w", err)
	}
	client, err := kubernetes.NewForConfig(restConfig)
	if err != nil {
		return err
	}

	informerFactory := informers.NewSharedInformerFactory(client, 0)
	pods := informerFactory.Core().V1().Pods().Informer()
	namespaces := informerFactory.Core().V1().Namespaces().Informer()
	policies := informerFactory.Networking().V1().NetworkPolicies().Informer()

	iptablesHandlers, ipsetHandlers, err := netpol.NewIPTablesHandlers(config)
	if err != nil {
		return err
	}
	for family, handler := range iptablesHandlers {
		iptablesHandlers[family] = behindGuards{IPTablesHandler: handler, prefix: *keepFirst}
	}
	var ipsetMutex sync.Mutex
	controller, err := netpol.NewNetworkPolicyController(client, config, pods, policies, namespaces, &ipsetMutex, iptablesHandlers, ipsetHandlers)
	if err != nil {
		return err
	}
	for informer, handler := range map[cache.SharedIndexInformer]cache.ResourceEventHandler{
		pods: controller.PodEventHandler, namespaces: controller.NamespaceEventHandler, policies: controller.NetworkPolicyEventHandler,
	} {
		if _, err := informer.AddEventHandler(handler); err != nil {
			return err
		}
	}

	stop := make(chan struct{})
	informerFactory.Start(stop)
	informerFactory.WaitForCacheSync(stop)

	// The controller reports each sync on this channel and blocks when nobody reads it.
	heartbeats := make(chan *healthcheck.ControllerHeartbeat, 10)
	go func() {
		for range heartbeats {
		}
	}()
	var wg sync.WaitGroup
	wg.Add(1)
	go controller.Run(heartbeats, stop, &wg)

	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
	<-signals
	close(stop)
	wg.Wait()
	return nil
}

var builtinChains = map[string]bool{"INPUT": true, "FORWARD": true, "OUTPUT": true}

// behindGuards shifts kube-router's rule positions in the filter table's built-in chains past the
// leading jumps to chains named prefix*, and leaves those jumps out of what it lists.
type behindGuards struct {
	utils.IPTablesHandler
	prefix string
}

func (h behindGuards) isGuard(chain, rule string) bool {
	return h.prefix != "" && strings.HasPrefix(rule, "-A "+chain+" -j "+h.prefix)
}

// guards counts the jumps to the guard chains at the top of a built-in chain of the filter table.
func (h behindGuards) guards(table, chain string) (int, error) {
	if table != "filter" || !builtinChains[chain] {
		return 0, nil
	}
	rules, err := h.IPTablesHandler.List(table, chain)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, rule := range rules {
		if !strings.HasPrefix(rule, "-A ") {
			continue
		}
		if !h.isGuard(chain, rule) {
			break
		}
		n++
	}
	return n, nil
}

func (h behindGuards) List(table, chain string) ([]string, error) {
	rules, err := h.IPTablesHandler.List(table, chain)
	if err != nil || table != "filter" || !builtinChains[chain] {
		return rules, err
	}
	kept := rules[:0:0]
	leading := true
	for _, rule := range rules {
		if strings.HasPrefix(rule, "-A ") {
			if leading && h.isGuard(chain, rule) {
				continue
			}
			leading = false
		}
		kept = append(kept, rule)
	}
	return kept, nil
}

func (h behindGuards) Insert(table, chain string, pos int, rulespec ...string) error {
	n, err := h.guards(table, chain)
	if err != nil {
		return err
	}
	return h.IPTablesHandler.Insert(table, chain, pos+n, rulespec...)
}

// Delete shifts a rule number (kube-router deletes a moved rule by its number); a rule spec is left as it is.
func (h behindGuards) Delete(table, chain string, rulespec ...string) error {
	if len(rulespec) == 1 {
		if number, err := strconv.Atoi(rulespec[0]); err == nil {
			n, err := h.guards(table, chain)
			if err != nil {
				return err
			}
			return h.IPTablesHandler.Delete(table, chain, strconv.Itoa(number+n))
		}
	}
	return h.IPTablesHandler.Delete(table, chain, rulespec...)
}
