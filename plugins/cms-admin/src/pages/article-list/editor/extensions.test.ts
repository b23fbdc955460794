import { generateHTML, generateJSON, type JSONContent } from '@tiptap/core';
import { sanitizeArticleHtml } from '@cotton/server/src/modules/cms/sanitize';
import { describe, expect, it } from 'vitest';
import { editorExtensions } from './extensions';

/**
 * The editor and the server's allow-list agree: everything the editor can make survives
 * sanitize-html unchanged, and what sanitize-html removes the editor cannot make either.
 */

const text = (value: string, marks?: JSONContent['marks']): JSONContent => ({ type: 'text', text: value, marks });
const paragraph = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', content });

/** One document with every node and mark the editor allows. */
const EVERYTHING: JSONContent = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('二级标题')] },
    { type: 'heading', attrs: { level: 3 }, content: [text('三级标题')] },
    { type: 'heading', attrs: { level: 4 }, content: [text('四级标题')] },
    paragraph(
      text('加粗', [{ type: 'bold' }]),
      text('斜体', [{ type: 'italic' }]),
      text('下划线', [{ type: 'underline' }]),
      text('删除线', [{ type: 'strike' }]),
      text('代码', [{ type: 'code' }]),
      { type: 'hardBreak' },
      text('站内链接', [{ type: 'link', attrs: { href: '/service?activeKey=faq' } }]),
      text('外部链接 & 符号 <尖括号>', [{ type: 'link', attrs: { href: 'https://www.example.cn/a?b=1&c=2' } }]),
      text('邮件', [{ type: 'link', attrs: { href: 'mailto:service@example.cn' } }]),
      text('电话', [{ type: 'link', attrs: { href: 'tel:4000000000' } }]),
    ),
    { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('无序'))] }] },
    { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [paragraph(text('有序'))] }] },
    { type: 'blockquote', content: [paragraph(text('引用'))] },
    { type: 'horizontalRule' },
    {
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: ['项目', '标准'].map((cell) => ({ type: 'tableHeader', content: [paragraph(text(cell))] })),
        },
        {
          type: 'tableRow',
          content: [{ type: 'tableCell', attrs: { colspan: 2 }, content: [paragraph(text('合并单元格'))] }],
        },
      ],
    },
    { type: 'image', attrs: { src: '/file/cms/0123456789abcdef0123456789abcdef', alt: '棉花', title: '新棉' } },
    paragraph(),
  ],
};

/** The same HTML as the browser would hold it (`<br>` and `<br />` alike, attributes normalised). */
function normal(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
}

describe('the article editor and the server allow-list', () => {
  it('everything the editor makes survives the server unchanged', () => {
    const html = generateHTML(EVERYTHING, editorExtensions());
    for (const tag of [
      '<h2',
      '<h3',
      '<h4',
      '<strong',
      '<em',
      '<u>',
      '<s>',
      '<code',
      '<br',
      '<ul',
      '<ol',
      '<blockquote',
      '<hr',
      '<img',
      '<a ',
    ]) {
      expect(html, tag).toContain(tag);
    }
    expect(normal(sanitizeArticleHtml(html))).toBe(normal(html));
  });

  it('keeps a stored article’s table when it is opened and saved again', () => {
    const stored = sanitizeArticleHtml(
      '<table><thead><tr><th>项目</th><th>标准</th></tr></thead><tbody><tr><td>仓储费</td><td>0.5元/吨·天</td></tr></tbody></table>',
    );
    const edited = generateHTML(generateJSON(stored, editorExtensions()), editorExtensions());
    for (const cell of ['项目', '标准', '仓储费', '0.5元/吨·天']) expect(edited).toContain(cell);
    expect(normal(sanitizeArticleHtml(edited))).toBe(normal(edited));
  });

  it('what the server removes, the editor cannot make', () => {
    const hostile = [
      '<p onclick="alert(1)" style="position:fixed">段落</p>',
      '<script>alert(1)</script>',
      '<iframe src="https://evil.example"></iframe>',
      '<p><a href="javascript:alert(1)">链接</a><img src="javascript:alert(1)"></p>',
      '<p><img src="data:image/png;base64,AAAA"></p>',
      '<h1>一级标题</h1><pre><code class="language-js">code()</code></pre>',
      '<p><span style="color:red" class="x">样式</span></p>',
    ].join('');
    const editorHtml = generateHTML(generateJSON(hostile, editorExtensions()), editorExtensions());
    for (const gone of ['onclick', 'script', 'iframe', 'javascript:', 'data:', 'style=', 'class=', '<h1', '<pre']) {
      expect(editorHtml, gone).not.toContain(gone);
    }
    // And what the editor keeps of it, the server keeps as it is.
    expect(normal(sanitizeArticleHtml(editorHtml))).toBe(normal(editorHtml));
  });
});
