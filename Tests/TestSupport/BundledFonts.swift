// The font contexts tests lay out in: the fonts of Fonts/ only, so that fallback gives the same fonts on every machine; with caches, and without.
import TextLayout

/// A context over the bundled fonts only (fallback included), with the usual caches: the one
/// every test lays out in unless it needs a context of its own (to count or empty the caches, to
/// load fonts that must not stay loaded, to race threads on empty caches).
public let bundledFonts = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)

/// The same fonts without caches: the reference that cached layouts must equal.
public let uncachedBundledFonts = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false,
                                              shapeCacheBudget: 0, preparedTextCacheBudget: 0)
