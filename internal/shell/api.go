package shell

import "github.com/guardhq/guard/internal/shell/word"

// Unknown is what stands for each opaque part of [UnresolvedPath.Text]
// (see [word.Unknown]).
const Unknown = word.Unknown
