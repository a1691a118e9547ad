/** An operation's platform extension (`x-mint`): its `href` sets the generated page's path from the site's root. */
export const X_MINT = 'x-mint';
/** The key the spec readers' `read` answers with the string `x-mint.href` of an operation, or undefined. */
export const X_MINT_HREF = 'x-mint.href';
