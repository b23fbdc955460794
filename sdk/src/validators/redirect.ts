/**
 * Where a login may send the browser afterwards (`redirect`, CAS `service`): only a path of
 * this site. `null` for anything else, the caller then uses its default page.
 *
 * Accepted: one leading `/` followed by anything but `/` or `\`, no backslash at all (browsers
 * read `\` as `/`, so `/\evil.example` is another site), no control characters or spaces —
 * neither as written nor after percent-decoding (`/%5Cevil.example`, `/%09/evil.example`) —
 * and the result must resolve to the same origin, its path not starting with `//` once dot
 * segments are resolved; the resolved path is returned. So `javascript:…`, `https://…`,
 * `//evil.example`, `/\evil.example` and `/\t/evil.example` are all refused. One function
 * for every login path, in the browser and on the server.
 */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  // Every layer of percent-encoding is checked (`/%255Cevil` is `/%5Cevil` once decoded by
  // a server or a router on the way); more layers than any real link has are refused.
  let text = value;
  for (let layer = 0; ; layer += 1) {
    if (!text.startsWith('/') || text.startsWith('//') || text.includes('\\') || UNSAFE_CHARACTER.test(text))
      return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      return null;
    }
    if (decoded === text) break;
    if (layer === MAX_ENCODING_LAYERS) return null;
    text = decoded;
  }
  const base = 'http://portal.invalid';
  let resolved: URL;
  try {
    resolved = new URL(value, base);
  } catch {
    return null;
  }
  // Dot segments can still make `//`: `/.//evil.example` resolves to the path `//evil.example`.
  if (resolved.origin !== base || resolved.pathname.startsWith('//')) return null;
  return resolved.pathname + resolved.search + resolved.hash;
}

const MAX_ENCODING_LAYERS = 3;

// C0 and C1 controls, DEL, and every kind of space (browsers strip or skip some of them in URLs).
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
export const UNSAFE_CHARACTER = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/;
