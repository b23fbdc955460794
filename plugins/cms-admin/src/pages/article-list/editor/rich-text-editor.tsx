import { useRef, useState } from 'react';
import { Button, Input, Message, Tooltip } from '@arco-design/web-react';
import { toApiError } from '@cotton/sdk';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { uploadImage } from '../../../api';
import type { CmsLocale } from '../../../locale/zh-CN';
import { EDITOR_LINK_PATTERN, editorExtensions } from './extensions';
import styles from './rich-text-editor.module.css';

export interface RichTextEditorProps {
  t: CmsLocale;
  /** The HTML it starts from (images signed by the server, so a draft's show). */
  initialHtml: string;
  onChange: (html: string) => void;
}

/**
 * The article body (Tiptap): only what extensions.ts allows, which is exactly what the
 * server's allow-list keeps. Images are uploaded through /rest/cmsAdmin/uploadImage and
 * inserted at the cursor. Loaded on demand (a chunk of its own): only the article editor pays.
 */
export function RichTextEditor({ t, initialHtml, onChange }: RichTextEditorProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [linkDraft, setLinkDraft] = useState<string | null>(null);
  const editor = useEditor({
    extensions: editorExtensions(),
    content: initialHtml,
    // The portal's CSP allows no inline <style>: the few editor styles are in the CSS module.
    injectCSS: false,
    editorProps: { attributes: { class: styles.prose, 'aria-label': t['article.body'] } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      h4: current.isActive('heading', { level: 4 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
    }),
  });

  async function insertImage(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const image = await uploadImage(file);
      editor
        .chain()
        .focus()
        .setImage({ src: image.previewUrl, alt: file.name.replace(/\.[^.]*$/, '') })
        .run();
    } catch (failure) {
      const error = toApiError(failure);
      if (!error.handled) Message.error(error.message);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  function applyLink() {
    const href = (linkDraft ?? '').trim();
    if (href === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else if (!EDITOR_LINK_PATTERN.test(href)) {
      Message.warning(t['editor.linkInvalid']);
      return;
    } else editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setLinkDraft(null);
  }

  const tool = (key: keyof typeof active, label: string, text: string, run: () => void) => (
    <Tooltip content={label} key={label}>
      <Button
        size="mini"
        type={active[key] ? 'primary' : 'secondary'}
        aria-label={label}
        aria-pressed={active[key]}
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      >
        {text}
      </Button>
    </Tooltip>
  );
  const chain = () => editor.chain().focus();

  return (
    <div className={styles.editor} data-testid="rich-text-editor">
      <div className={styles.toolbar} role="toolbar" aria-label={t['article.body']}>
        {tool('bold', t['editor.bold'], 'B', () => chain().toggleBold().run())}
        {tool('italic', t['editor.italic'], 'I', () => chain().toggleItalic().run())}
        {tool('underline', t['editor.underline'], 'U', () => chain().toggleUnderline().run())}
        {tool('strike', t['editor.strike'], 'S', () => chain().toggleStrike().run())}
        {tool('h2', t['editor.h2'], 'H2', () => chain().toggleHeading({ level: 2 }).run())}
        {tool('h3', t['editor.h3'], 'H3', () => chain().toggleHeading({ level: 3 }).run())}
        {tool('h4', t['editor.h4'], 'H4', () => chain().toggleHeading({ level: 4 }).run())}
        {tool('bulletList', t['editor.bulletList'], '•', () => chain().toggleBulletList().run())}
        {tool('orderedList', t['editor.orderedList'], '1.', () => chain().toggleOrderedList().run())}
        {tool('blockquote', t['editor.quote'], '❝', () => chain().toggleBlockquote().run())}
        <Button size="mini" aria-label={t['editor.rule']} onClick={() => chain().setHorizontalRule().run()}>
          —
        </Button>
        <Button
          size="mini"
          aria-label={t['editor.table']}
          onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        >
          {t['editor.table']}
        </Button>
        {tool('link', t['editor.link'], t['editor.link'], () =>
          setLinkDraft((editor.getAttributes('link').href as string | undefined) ?? ''),
        )}
        <Button
          size="mini"
          loading={uploading}
          aria-label={t['editor.image']}
          data-testid="editor-insert-image"
          onClick={() => fileInput.current?.click()}
        >
          {t['editor.image']}
        </Button>
        <Button size="mini" aria-label={t['editor.undo']} onClick={() => chain().undo().run()}>
          ↶
        </Button>
        <Button size="mini" aria-label={t['editor.redo']} onClick={() => chain().redo().run()}>
          ↷
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg"
          hidden
          data-testid="editor-image-input"
          onChange={(event) => void insertImage(event.target.files?.[0])}
        />
      </div>
      {linkDraft !== null ? (
        <div className={styles.linkRow}>
          <Input
            size="small"
            autoFocus
            value={linkDraft}
            placeholder={t['editor.linkPrompt']}
            maxLength={256}
            onChange={setLinkDraft}
            onPressEnter={applyLink}
            aria-label={t['editor.linkPrompt']}
          />
          <Button size="small" type="primary" onClick={applyLink}>
            {t['common.save']}
          </Button>
          <Button size="small" onClick={() => setLinkDraft(null)}>
            {t['common.cancel']}
          </Button>
        </div>
      ) : null}
      <EditorContent editor={editor} className={styles.content} data-testid="rich-text-content" />
    </div>
  );
}
