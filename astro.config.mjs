// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import { unified } from '@astrojs/markdown-remark';
import remarkRules from './src/build/remark-rules.ts';
import contentCheck from './src/build/content-check.ts';
import searchPreload from './src/build/search-preload.ts';

export default defineConfig({
  site: 'https://rules.example',
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory', inlineStylesheets: 'never' },
  outDir: process.env.RULES_OUT_DIR ?? './dist',
  cacheDir: process.env.RULES_CACHE_DIR ?? './node_modules/.astro',
  integrations: [contentCheck(), searchPreload(), mdx({ processor: unified({ remarkPlugins: [remarkRules], gfm: true, smartypants: false }) })],
  devToolbar: { enabled: false },
  vite: { build: { assetsInlineLimit: 0 } },
});
