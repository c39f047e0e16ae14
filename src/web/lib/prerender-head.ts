/**
 * The title and description the page being prerendered asks for. The page hooks set them in an
 * effect in the browser; effects do not run while rendering to a string, so during the build's
 * prerender (`import.meta.env.SSR`) they record them here instead and scripts/prerender.mjs writes
 * them into the page's <head>. The browser build drops this code.
 */
export const prerenderHead: { title?: string; description?: string } = {};
