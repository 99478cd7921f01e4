package commands

import "golang.org/x/text/unicode/norm"

// Normalize returns s in Unicode normal form NFKC, the form every typed
// option value is read in: the full-width digits, colons, slashes, commas
// and spaces a Japanese or Korean keyboard types ("３ ３ ５ ６ ６",
// "ａｃｅｓ：３", "１：２") become their ASCII forms, so every parser of
// numbers, dice, sheets, grids and weights accepts them without knowing.
func Normalize(s string) string { return norm.NFKC.String(s) }
