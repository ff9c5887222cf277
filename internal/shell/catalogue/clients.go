package catalogue

import "github.com/guardhq/guard/internal/shell/word"

// The network clients that fetch and send files (curl, wget), as data: for
// each option, what its value is to the client (a file it saves, reads or
// sends, request data, a host it connects through). download reads the
// table.

// NetUse says what a client does with an option.
type NetUse uint8

const (
	// Options that take a value.
	NetSave    NetUse = iota // a file it writes (curl -D F, wget -o F); not shown
	NetInDir                 // a file it saves a URL into, in its NetOutDir directory when one is given (curl -o F); not shown
	NetConfig                // a file of more options it reads (curl -K F); not shown
	NetRcFile                // a file of wgetrc commands it reads (wget --config F); not shown
	NetPost                  // a file it sends (wget --post-file F); not shown
	NetUpload                // a file it sends; a file: URL is then where it writes (curl -T F)
	NetQuery                 // @F sends F (curl --url-query); not shown
	NetOutDir                // the directory it saves into: its NetInDir files and the URL-named ones (curl --output-dir, wget -P); not shown
	NetList                  // a file of URLs it reads, which name the files it saves (wget -i)
	NetExecute               // a wgetrc command: http_proxy=HOST names a host (wget -e); not shown
	NetOutput                // the file it saves into, - for standard output (wget -O F)
	NetSecret                // request data; the value is dropped and the option shown as data (wget --header)
	// Options that take a value shown as data after the option.
	NetBody    // request data; @F sends F (curl -d)
	NetEncoded // as netBody, and NAME@F sends F (curl --data-urlencode)
	netRaw     // request data, never a file (curl --data-raw)
	NetForm    // a form field: NAME=@F and NAME=<F send F (curl -F)
	NetHeader  // data; @F sends the lines of F (curl -H @F, -b @F)
	NetFormat  // curl -w: data; %output{F} writes F, @F sends F
	netText    // data (curl -A, -u)
	NetProxy   // a host it connects through (curl -x)
	NetReroute // the addresses it connects to instead of the URL's host (curl --resolve)
	NetTarget  // the request target it sends instead of the URL's path (curl --request-target)
	NetMethod  // the request method; one holding a blank or a slash may be read as a target (curl -X)
	// Options that take none.
	NetNoop   // nothing to record; not shown (curl --create-dirs)
	NetRemote // it saves under the URL's name (curl -O)
	NetNamed  // it saves under the name the server gives (curl -J)
	NetServer // the server or the links name the files it saves (wget -r)
)

// netOption is a client's option, by its names.
type netOption struct {
	names word.Set
	// abbrev: its long names may be abbreviated, as getopt takes them
	// (wget --post-f).
	abbrev bool
	use    NetUse
}

// NetClient is the table's entry for one client.
type NetClient struct {
	name string
	// Short are its one-letter options that take a value: the value may
	// follow in the same word, after a cluster of flags (curl -sSLoF).
	Short string
	// WithArg are its other options that take a value.
	WithArg word.Set
	// Remote: it saves under the URL's name unless told otherwise (wget).
	Remote bool
	// Output: a cluster holding this letter names the file it saves into
	// (wget -qO-).
	Output  byte
	options []netOption
}

// CurlWithArg are curl's options that take a value.
const CurlWithArg word.Set = " -o --output -d --data --data-binary --data-raw --data-ascii --data-urlencode --json -F --form --form-string -T --upload-file -H --header -A --user-agent -e --referer -u --user -b --cookie -c --cookie-jar -w --write-out -K --config -X --request -x --proxy --url -m --max-time --connect-timeout -r --range -D --dump-header --cacert --cert --key -E -U --proxy-user --retry -C --continue-at -Y -y -z --output-dir --resolve --connect-to --request-target --interface -Q --quote --limit-rate --trace --trace-ascii --stderr "

// netClients lists the clients download reads.
var netClients = []NetClient{
	{name: "curl", Short: "odFTHAeubcwKXxmrDEUCYyzQ", WithArg: CurlWithArg, options: []netOption{
		{names: " -o --output ", use: NetInDir},
		{names: " -D --dump-header -c --cookie-jar --trace --trace-ascii --stderr --etag-save --hsts --alt-svc --libcurl ", use: NetSave},
		{names: " -d --data --data-binary --data-ascii --json ", use: NetBody},
		{names: " --data-urlencode ", use: NetEncoded},
		{names: " --data-raw ", use: netRaw},
		{names: " -F --form ", use: NetForm},
		{names: " -T --upload-file ", use: NetUpload},
		{names: " -H --header -b --cookie ", use: NetHeader},
		{names: " -w --write-out ", use: NetFormat},
		{names: " -A --user-agent -e --referer -u --user --form-string ", use: netText},
		{names: " --output-dir ", use: NetOutDir},
		{names: " --create-dirs ", use: NetNoop},
		{names: " -O --remote-name --remote-name-all ", use: NetRemote},
		{names: " -J --remote-header-name ", use: NetNamed},
		{names: " --url-query ", use: NetQuery},
		{names: " -x --proxy --preproxy --socks4 --socks4a --socks5 --socks5-hostname ", use: NetProxy},
		{names: " -K --config ", use: NetConfig},
		{names: " --resolve --connect-to ", use: NetReroute},
		{names: " --request-target ", use: NetTarget},
		{names: " -X --request ", use: NetMethod},
	}},
	// Short: wget's short options that take a value (-i FILE, -iFILE);
	// not O, its Output cluster's (-qO-).
	{name: "wget", Remote: true, Output: 'O', Short: "eoaiBtTwQPUlARDIX", options: []netOption{
		{names: " -e --execute ", use: NetExecute},
		{names: " --config ", use: NetRcFile},
		{names: " -P --directory-prefix --dir-prefix ", abbrev: true, use: NetOutDir},
		{names: " -O --output-document ", abbrev: true, use: NetOutput},
		{names: " -o --output-file --logfile -a --append-output --save-cookies --save-headers --warc-file ", abbrev: true, use: NetSave},
		{names: " --post-file --body-file ", abbrev: true, use: NetPost},
		{names: " --post-data --body-data --header -U --user-agent ", use: NetSecret},
		{names: " -i --input-file ", abbrev: true, use: NetList},
		{names: " -r --recursive -m --mirror --content-disposition ", abbrev: true, use: NetServer},
		{names: " --method ", abbrev: true, use: NetMethod},
	}},
}

// NetClientNamed returns the entry of the client called name.
func NetClientNamed(name string) (*NetClient, bool) {
	for i := range netClients {
		if netClients[i].name == name {
			return &netClients[i], true
		}
	}
	return nil, false
}

// Option returns what the client does with opt: the first entry that
// names it (or, for an entry whose long names may be abbreviated, a long
// name opt abbreviates).
func (cl *NetClient) Option(opt string) (NetUse, bool) {
	for _, o := range cl.options {
		if o.names.Has(opt) || o.abbrev && o.names.Abbreviates(opt) {
			return o.use, true
		}
	}
	return 0, false
}

// socat's address types (socat ADDRESS ADDRESS, TYPE:REST,OPTIONS).
const (
	// SocatFiles open REST as a file, a named pipe or a socket's path:
	// read and written.
	SocatFiles word.Set = " open gopen create creat file pipe unix unix-connect unix-listen unix-sendto unix-recvfrom " +
		"unix-recv unix-client local "
	// SocatHosts connect to REST's host.
	SocatHosts word.Set = " tcp tcp4 tcp6 tcp-connect tcp4-connect tcp6-connect openssl openssl-connect udp udp4 udp6 " +
		"udp-connect udp4-connect udp6-connect ssl sctp sctp-connect socks socks4 socks4a socks5 proxy proxy-connect dccp-connect "
)
