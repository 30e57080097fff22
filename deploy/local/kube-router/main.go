// Command kube-router is kube-router's network policy controller alone, for the local cluster
// (packages/devstack/src/cluster/network-policy.ts): the bridge CNI enforces no NetworkPolicy, and
// this controller does it with iptables and ipset on the node. kube-router's own main would also
// serve its health port on every interface; this one starts nothing but the firewall, and refuses
// --run-router, --run-service-proxy and --run-loadbalancer (the BGP router and the service proxy
// are where v2.1.0's published advisories are: docs/development.md). kube-router rewrites the filter
// table at each sync; the cluster's own guards are in the mangle table, which it leaves alone.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/cloudnativelabs/kube-router/v2/pkg/controllers/netpol"
	"github.com/cloudnativelabs/kube-router/v2/pkg/healthcheck"
	"github.com/cloudnativelabs/kube-router/v2/pkg/options"
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
