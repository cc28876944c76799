// Lingui in Vite, for the SPA's build, its server build and Vitest (docs/decisions/091): the
// macros (`<Trans>`, `t`, `msg`) turned into message lookups by Lingui's Babel plugin, run only
// on files that import a macro, and .po catalogs compiled as they are imported. Lingui's native
// transform would spare Babel, but its binary needs Node 22 to install and `npm ci` runs on the
// machine's Node (decision 044).
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import type { PluginOption } from 'vite';

// The preset says once, at every start, that the native transform exists; decided above.
process.env.LINGUI_SUPPRESS_BABEL_WARNING = '1';

export function linguiPlugins(): PluginOption[] {
  return [
    babel({ presets: [linguiTransformerBabelPreset()] }),
    // A language's missing message fails the build; the pseudo-language has none missing.
    lingui({ failOnMissing: false, failOnCompileError: true }),
  ];
}
