/** From this many options on, a choice field is searched by typing (a flow's `search: true` asks for it always). */
export const SEARCH_FROM = 15;
