/** `import code from './x.ts?inline-script'`: x.ts bundled into one string for an inline script (astro.config.mjs). */
declare module '*?inline-script' {
  const code: string;
  export default code;
}
