/**
 * Reads a CAS 2.0/3.0 `serviceValidate` answer without an XML library: only the elements
 * CAS defines are looked at, entities are limited to the five predefined ones and numeric
 * references (no DTD, so nothing can expand), and the answer's size is bounded by the caller.
 *
 * ```xml
 * <cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
 *   <cas:authenticationSuccess>
 *     <cas:user>admin</cas:user>
 *     <cas:attributes><cas:businessCode>CNCE</cas:businessCode></cas:attributes>
 *   </cas:authenticationSuccess>
 * </cas:serviceResponse>
 * ```
 */

export type CasValidation =
  { ok: true; user: string; attributes: Record<string, string[]> } | { ok: false; code: string; message: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlText(text: string): string {
  const withoutCdata = text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_match, data: string) =>
    data.replace(/&/g, '&amp;').replace(/</g, '&lt;'),
  );
  return withoutCdata.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const codePoint =
        entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '';
    }
    return ENTITIES[entity] ?? match;
  });
}

/** The inner text of the first element `<prefix:name …>…</prefix:name>` (any or no prefix). */
function element(xml: string, name: string): { attributes: string; inner: string } | null {
  const pattern = new RegExp(`<((?:[\\w.-]+:)?${name})(\\s[^>]*)?>([\\s\\S]*?)</\\1\\s*>`);
  const match = pattern.exec(xml);
  return match ? { attributes: match[2] ?? '', inner: match[3] } : null;
}

function attributesOf(inner: string): Record<string, string[]> {
  const attributes: Record<string, string[]> = {};
  const pattern = /<((?:[\w.-]+:)?([\w.-]+))(?:\s[^>]*)?>([\s\S]*?)<\/\1\s*>/g;
  for (const match of inner.matchAll(pattern)) {
    const name = match[2];
    const value = decodeXmlText(match[3]).trim();
    if (name === '__proto__' || name === 'constructor' || name === 'prototype') continue;
    (attributes[name] ??= []).push(value);
  }
  return attributes;
}

export function parseServiceResponse(xml: string): CasValidation {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { ok: false, code: 'INVALID_RESPONSE', message: 'DTD not allowed' };
  const response = element(xml, 'serviceResponse');
  if (!response) return { ok: false, code: 'INVALID_RESPONSE', message: 'no serviceResponse' };
  const success = element(response.inner, 'authenticationSuccess');
  if (success) {
    const user = element(success.inner, 'user');
    const name = user ? decodeXmlText(user.inner).trim() : '';
    if (!name) return { ok: false, code: 'INVALID_RESPONSE', message: 'no user' };
    const attributes = element(success.inner, 'attributes');
    return { ok: true, user: name, attributes: attributes ? attributesOf(attributes.inner) : {} };
  }
  const failure = element(response.inner, 'authenticationFailure');
  if (failure) {
    const code = /\scode\s*=\s*["']([^"']*)["']/.exec(failure.attributes)?.[1] ?? 'UNKNOWN';
    return { ok: false, code, message: decodeXmlText(failure.inner).trim() };
  }
  return { ok: false, code: 'INVALID_RESPONSE', message: 'neither success nor failure' };
}
