/**
 * The id of the disabled fieldset the build wraps each prerendered page in (src/web/prerender.tsx);
 * main.tsx renders the live page into it and then enables it.
 */
export const PRERENDERED_CONTAINER_ID = 'prerendered';
