// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import { unified } from '@astrojs/markdown-remark';
import remarkRules from './src/integrations/remark-rules.ts';
import contentCheck from './src/integrations/content-check.ts';
import searchPreload from './src/integrations/search-preload.ts';
import { mainChunkGroup } from './src/integrations/main-chunk.ts';

export default defineConfig({
  site: 'https://rules.example',
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory', inlineStylesheets: 'never' },
  outDir: process.env.RULES_OUT_DIR ?? './dist',
  cacheDir: process.env.RULES_CACHE_DIR ?? './node_modules/.astro',
  integrations: [
    contentCheck(),
    searchPreload(),
    mdx({ processor: unified({ remarkPlugins: [remarkRules], gfm: true, smartypants: false }) }),
  ],
  devToolbar: { enabled: false },
  vite: {
    build: {
      assetsInlineLimit: 0,
      rolldownOptions: {
        // The page script every page runs is one file (src/integrations/main-chunk.ts).
        output: { codeSplitting: { groups: [mainChunkGroup()] } },
        // Astro 7.3.5's content-asset plugin (astro/dist/content/vite-plugin-content-assets.js) starts the
        // `?astroPropagatedAssets` module it generates for every MDX entry with a "use astro:head-inject" directive
        // that nothing in Astro reads any more; rolldown warns about it once per entry (662 warnings, about 6,600
        // lines a build). The source is Astro's generated code (withastro/astro#18087, open; no newer release), so
        // only that one warning, from those modules, is dropped here. Every other log passes through.
        onLog(level, log, handler) {
          if (
            log.code === 'MODULE_LEVEL_DIRECTIVE' &&
            log.id?.includes('?astroPropagatedAssets') &&
            log.message.includes('"use astro:head-inject"')
          )
            return;
          handler(level, log);
        },
      },
    },
  },
});
