import type { Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';

/**
 * What the article editor can make, aligned with the server's allow-list
 * (server/src/modules/cms/sanitize.ts, checked by extensions.test.ts): paragraphs, h2–h4,
 * bold, italic, underline, strike, inline code, lists, quotes, rules, line breaks, links to
 * a site path or an http(s)/mailto/tel address (opening in a new tab, as the server rewrites
 * them), block images and plain tables (so an article holding one keeps it when edited). No
 * code blocks (their language class would not survive), no inline styles, no data: images
 * (images go through the upload).
 */

/** A link the server keeps: a site path, http(s), mailto or tel. */
export const EDITOR_LINK_PATTERN = /^(?:\/(?!\/)|https?:\/\/|mailto:|tel:)/i;

/** An image the server keeps: a site path (the uploads' `/file/cms/…`) or http(s). */
export const EDITOR_IMAGE_PATTERN = /^(?:\/(?!\/)|https?:\/\/)/i;

/** Pasted images with any other source (javascript:, data:, file:) are not taken in. */
const SafeImage = Image.extend({
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (node) => (EDITOR_IMAGE_PATTERN.test(node.getAttribute('src') ?? '') ? null : false),
      },
    ];
  },
});

/** A table as the server keeps it: no width styles, no colgroup (columns are not resizable). */
const PlainTable = Table.extend({
  renderHTML() {
    return ['table', ['tbody', 0]];
  },
});

export function editorExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      codeBlock: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer', class: null },
        isAllowedUri: (url) => EDITOR_LINK_PATTERN.test(url),
      },
    }),
    SafeImage.configure({ inline: false, allowBase64: false }),
    PlainTable.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
  ];
}
