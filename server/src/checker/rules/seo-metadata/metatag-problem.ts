// What makes a meta tag's value wrong, for the tags whose values have a form (the platform's SEO page lists them;
// the Open Graph protocol and X's card types give the forms). Any other tag is the site's own, accepted as written.

/** Tags whose value is an image or page address. */
const URL_TAGS = new Set(['og:image', 'og:image:url', 'og:image:secure_url', 'og:url', 'twitter:image', 'canonical']);
const IMAGE_TAGS = new Set(['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image']);
const SIZE_TAGS = new Set(['og:image:width', 'og:image:height']);
/** The Open Graph protocol's object types (ogp.me, "Object Types"). */
export const OG_TYPES = ['website', 'article', 'book', 'profile', 'music.song', 'music.album', 'music.playlist', 'music.radio_station', 'video.movie', 'video.episode', 'video.tv_show', 'video.other'];
/** X's card types. */
export const TWITTER_CARDS = ['summary', 'summary_large_image', 'app', 'player'];

/**
 * Why a tag's value is wrong, or undefined. `hasFile` tells whether a path of the docs folder exists: a site-relative
 * image (`/images/og.png`) is served from it.
 */
export function metatagProblem(tag: string, value: unknown, hasFile: (relative: string) => boolean): string | undefined {
  const key = tag.toLowerCase();
  const typed = key.startsWith('og:') || key.startsWith('twitter:') || URL_TAGS.has(key);
  if (!typed || value === null || value === undefined || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return `\`${tag}\` takes text, got ${Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : String(value)}: the page's <meta> tag cannot hold it`;
  const text = String(value).trim();
  if (SIZE_TAGS.has(key)) return /^[1-9]\d{0,4}$/.test(text) ? undefined : `\`${tag}\` is a size in pixels, a whole number (1200), got '${text}'`;
  if (key === 'og:type') return OG_TYPES.includes(text) ? undefined : `\`og:type\` '${text}' is no Open Graph type (${OG_TYPES.slice(0, 4).join(', ')}, …): crawlers read the page as \`website\``;
  if (key === 'twitter:card') return TWITTER_CARDS.includes(text) ? undefined : `\`twitter:card\` '${text}' is no card type (${TWITTER_CARDS.join(', ')}): X shows no card`;
  if (!URL_TAGS.has(key)) return undefined;
  if (/^https?:/i.test(text)) return wellFormedUrl(text) ? undefined : `\`${tag}\` '${text}' is not a well-formed URL: crawlers cannot fetch it`;
  if (IMAGE_TAGS.has(key) && text.startsWith('/') && !text.startsWith('//')) {
    const path = decodeSafely(text.slice(1).split(/[?#]/)[0]);
    return hasFile(path) ? undefined : `\`${tag}\` '${text}': no such file in the docs folder, so the image's address answers 404`;
  }
  return undefined;
}

function wellFormedUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.') && !url.hostname.startsWith('.') && !url.hostname.endsWith('.');
  } catch {
    return false;
  }
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
