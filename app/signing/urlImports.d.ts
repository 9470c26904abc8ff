/** Vite's `?url` imports (the pdf.js worker): the built file's URL, content-hashed in a build. */
declare module '*?url' {
  const url: string;
  export default url;
}
