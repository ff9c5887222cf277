package shell

import "github.com/guardhq/guard/internal/shell/word"

// The network clients that fetch and send files (curl, wget), as data: for
// each option, what its value is to the client (a file it saves, reads or
// sends, request data, a host it connects through). download reads the
// table.

// netUse says what a client does with an option.
type netUse uint8

const (
	// Options that take a value.
	netSave    netUse = iota // a file it writes (curl -o F, -D F, wget -o F); not shown
	netConfig                // a file it reads (curl -K F); not shown
	netPost                  // a file it sends (wget --post-file F); not shown
	netUpload                // a file it sends; a file: URL is then where it writes (curl -T F)
	netQuery                 // @F sends F (curl --url-query); not shown
	netOutDir                // the directory it saves into (curl --output-dir, wget -P); not shown
	netList                  // a file of URLs it reads, which name the files it saves (wget -i)
	netExecute               // a wgetrc command: http_proxy=HOST names a host (wget -e); not shown
	netOutput                // the file it saves into, - for standard output (wget -O F)
	netSecret                // request data; the value is dropped and the option shown as data (wget --header)
	// Options that take a value shown as data after the option.
	netBody    // request data; @F sends F (curl -d)
	netEncoded // as netBody, and NAME@F sends F (curl --data-urlencode)
	netRaw     // request data, never a file (curl --data-raw)
	netForm    // a form field: NAME=@F and NAME=<F send F (curl -F)
	netHeader  // data; @F sends the lines of F (curl -H @F, -b @F)
	netFormat  // curl -w: data; %output{F} writes F, @F sends F
	netText    // data (curl -A, -u)
	netProxy   // a host it connects through (curl -x)
	netReroute // the addresses it connects to instead of the URL's host (curl --resolve)
	// Options that take none.
	netNoop   // nothing to record; not shown (curl --create-dirs)
	netRemote // it saves under the URL's name (curl -O)
	netNamed  // it saves under the name the server gives (curl -J)
	netServer // the server or the links name the files it saves (wget -r)
)

// netOption is a client's option, by its names.
type netOption struct {
	names word.Set
	// abbrev: its long names may be abbreviated, as getopt takes them
	// (wget --post-f).
	abbrev bool
	use    netUse
}

// netClient is the table's entry for one client.
type netClient struct {
	name string
	// short are its one-letter options that take a value: the value may
	// follow in the same word, after a cluster of flags (curl -sSLoF).
	short string
	// withArg are its other options that take a value.
	withArg word.Set
	// remote: it saves under the URL's name unless told otherwise (wget).
	remote bool
	// output: a cluster holding this letter names the file it saves into
	// (wget -qO-).
	output  byte
	options []netOption
}

// curlWithArg are curl's options that take a value.
const curlWithArg word.Set = " -o --output -d --data --data-binary --data-raw --data-ascii --data-urlencode --json -F --form --form-string -T --upload-file -H --header -A --user-agent -e --referer -u --user -b --cookie -c --cookie-jar -w --write-out -K --config -X --request -x --proxy --url -m --max-time --connect-timeout -r --range -D --dump-header --cacert --cert --key -E -U --proxy-user --retry -C --continue-at -Y -y -z --output-dir --resolve --connect-to --interface -Q --quote --limit-rate --trace --trace-ascii --stderr "

// netClients lists the clients download reads.
var netClients = []netClient{
	{name: "curl", short: "odFTHAeubcwKXxmrDEUCYyzQ", withArg: curlWithArg, options: []netOption{
		{names: " -o --output -D --dump-header -c --cookie-jar --trace --trace-ascii --stderr --etag-save --hsts --alt-svc --libcurl ", use: netSave},
		{names: " -d --data --data-binary --data-ascii --json ", use: netBody},
		{names: " --data-urlencode ", use: netEncoded},
		{names: " --data-raw ", use: netRaw},
		{names: " -F --form ", use: netForm},
		{names: " -T --upload-file ", use: netUpload},
		{names: " -H --header -b --cookie ", use: netHeader},
		{names: " -w --write-out ", use: netFormat},
		{names: " -A --user-agent -e --referer -u --user --form-string ", use: netText},
		{names: " --output-dir ", use: netOutDir},
		{names: " --create-dirs ", use: netNoop},
		{names: " -O --remote-name --remote-name-all ", use: netRemote},
		{names: " -J --remote-header-name ", use: netNamed},
		{names: " --url-query ", use: netQuery},
		{names: " -x --proxy --preproxy --socks4 --socks4a --socks5 --socks5-hostname ", use: netProxy},
		{names: " -K --config ", use: netConfig},
		{names: " --resolve --connect-to ", use: netReroute},
	}},
	{name: "wget", remote: true, output: 'O', options: []netOption{
		{names: " -e --execute ", use: netExecute},
		{names: " -P --directory-prefix ", abbrev: true, use: netOutDir},
		{names: " -O --output-document ", abbrev: true, use: netOutput},
		{names: " -o --output-file -a --append-output --save-cookies --save-headers --warc-file ", abbrev: true, use: netSave},
		{names: " --post-file --body-file ", abbrev: true, use: netPost},
		{names: " --post-data --body-data --header -U --user-agent ", use: netSecret},
		{names: " -i --input-file ", abbrev: true, use: netList},
		{names: " -r --recursive -m --mirror --content-disposition ", abbrev: true, use: netServer},
	}},
}

// netClientNamed returns the entry of the client called name.
func netClientNamed(name string) (*netClient, bool) {
	for i := range netClients {
		if netClients[i].name == name {
			return &netClients[i], true
		}
	}
	return nil, false
}

// option returns what the client does with opt: the first entry that
// names it (or, for an entry whose long names may be abbreviated, a long
// name opt abbreviates).
func (cl *netClient) option(opt string) (netUse, bool) {
	for _, o := range cl.options {
		if o.names.Has(opt) || o.abbrev && o.names.Abbreviates(opt) {
			return o.use, true
		}
	}
	return 0, false
}
