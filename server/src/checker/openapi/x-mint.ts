/** An operation's platform extension (`x-mint`): its `href` sets the generated page's path from the site's root. */
export const X_MINT = 'x-mint';
/** The key the spec readers' `read` answers with the string `x-mint.href` of an operation, or undefined. */
export const X_MINT_HREF = 'x-mint.href';
/**
 * An operation's boolean marks (`deprecated`, `x-hidden`, `x-excluded`), which the readers answer `read` with: 'true'
 * when written as the boolean `true`, else undefined. `deprecated` (OpenAPI) shows a badge; `x-hidden` (the
 * platform's) keeps its generated page out of the navigation; `x-excluded` (the platform's) has no page at all.
 */
export const isFlagKey = (key: string): boolean => key === 'deprecated' || key === 'x-hidden' || key === 'x-excluded';
