// A locale file imported with a group's query (`auth.json?login-pages`) is a module of its own, so a
// group's chunk takes only the top-level keys it reads (`import * as auth` + `auth.faq`): were the
// groups to share one module, the bundler would put all of it in one chunk that every group loads.
declare module '*.json?login-pages' {
  const part: { readonly [key: string]: string | object };
  export = part;
}
declare module '*.json?late' {
  const part: { readonly [key: string]: string | object };
  export = part;
}
declare module '*.json?steps' {
  const part: { readonly [key: string]: string | object };
  export = part;
}
// The flows' strings but each flow's own (scripts/vite/flow-parts.ts): those load with the flow's page.
declare module '*.json?flow-shared' {
  const strings: { readonly [key: string]: string | object };
  export default strings;
}
// Every flow's title, menu label and description (scripts/vite/flow-parts.ts): with the pages that list flows.
declare module '*.json?flow-names' {
  const strings: { readonly [key: string]: string | object };
  export default strings;
}
