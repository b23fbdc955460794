import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button, Message, Modal, Popconfirm, Slider, Space } from '@arco-design/web-react';
import { getSessionService, toApiError } from '@cotton/sdk';
import type { UserInfo } from '@cotton/sdk/contracts';
import { AVATAR_MESSAGES, AVATAR_OUTPUT_SIDE, AVATAR_SOURCE_MAX_BYTES } from '@cotton/sdk/validators';
import { removeAvatar, uploadAvatar } from '../../api';
import type { AccountCenterLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

/** The crop box's side on screen, px. */
export const CROP_VIEW = 240;
const MAX_ZOOM = 3;
const SOURCE_TYPES = new Set(['image/png', 'image/jpeg']);

export interface CropState {
  zoom: number;
  /** The image's top-left corner in the crop box, px (≤ 0: the image always covers the box). */
  x: number;
  y: number;
}

/** The image's size on screen at `zoom`: its shorter side fills the box at zoom 1. */
function shown(natural: { width: number; height: number }, zoom: number) {
  const scale = (CROP_VIEW * zoom) / Math.min(natural.width, natural.height);
  return { scale, width: natural.width * scale, height: natural.height * scale };
}

/** `state` moved so the image covers the box (no empty edge can be cropped). */
export function clampCrop(natural: { width: number; height: number }, state: CropState): CropState {
  const zoom = Math.min(MAX_ZOOM, Math.max(1, state.zoom));
  const { width, height } = shown(natural, zoom);
  const clamp = (value: number, size: number) => Math.min(0, Math.max(CROP_VIEW - size, value));
  return { zoom, x: clamp(state.x, width), y: clamp(state.y, height) };
}

/** The centred crop at zoom 1. */
export function initialCrop(natural: { width: number; height: number }): CropState {
  const { width, height } = shown(natural, 1);
  return { zoom: 1, x: (CROP_VIEW - width) / 2, y: (CROP_VIEW - height) / 2 };
}

/** The square of the source image the box shows, in the image's own pixels. */
export function cropSource(natural: { width: number; height: number }, state: CropState) {
  const { scale } = shown(natural, state.zoom);
  // `|| 0`: 0, not -0, for an image at the box's edge.
  return { sx: -state.x / scale || 0, sy: -state.y / scale || 0, side: CROP_VIEW / scale };
}

/** Draws the crop, `AVATAR_OUTPUT_SIDE` px square, as a PNG. */
function drawCrop(image: HTMLImageElement, state: CropState): Promise<Blob> {
  const natural = { width: image.naturalWidth, height: image.naturalHeight };
  const { sx, sy, side } = cropSource(natural, state);
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_OUTPUT_SIDE;
  canvas.height = AVATAR_OUTPUT_SIDE;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error(AVATAR_MESSAGES.unreadable));
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, sx, sy, side, side, 0, 0, AVATAR_OUTPUT_SIDE, AVATAR_OUTPUT_SIDE);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(AVATAR_MESSAGES.unreadable))), 'image/png'),
  );
}

export interface AvatarEditorProps {
  t: AccountCenterLocale;
  user: UserInfo;
  onSaved: (user: UserInfo) => void;
}

/**
 * 更换头像: choose a PNG or JPEG (at most 10 MB), move and zoom it in a square box (drag, the
 * arrow keys, the slider), save: the square is drawn on a canvas at 256 px and uploaded; the
 * header shows it after the session reloads. 恢复默认头像 removes it.
 */
export function AvatarEditor({ t, user, onSaved }: AvatarEditorProps) {
  const input = useRef<HTMLInputElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const drag = useRef<{ pointer: number; x: number; y: number; from: CropState } | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [crop, setCrop] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const [saving, setSaving] = useState(false);

  function close() {
    setSource(null);
    setNatural(null);
  }

  function choose(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!SOURCE_TYPES.has(file.type)) return void Message.error(AVATAR_MESSAGES.type);
    if (file.size > AVATAR_SOURCE_MAX_BYTES) return void Message.error(AVATAR_MESSAGES.sourceSize);
    setNatural(null);
    // A data: address, not a blob: one: the portal's CSP lets images come from data: only.
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? setSource(reader.result) : failed());
    reader.onerror = failed;
    reader.readAsDataURL(file);
  }

  function loaded() {
    const element = image.current;
    if (!element || element.naturalWidth === 0 || element.naturalHeight === 0) return failed();
    const size = { width: element.naturalWidth, height: element.naturalHeight };
    setNatural(size);
    setCrop(initialCrop(size));
  }

  function failed() {
    Message.error(AVATAR_MESSAGES.unreadable);
    close();
  }

  const move = (next: CropState) => natural && setCrop(clampCrop(natural, next));

  function zoomTo(zoom: number) {
    if (!natural) return;
    // Zoom about the box's centre.
    const ratio = zoom / crop.zoom;
    const centre = CROP_VIEW / 2;
    move({ zoom, x: centre - (centre - crop.x) * ratio, y: centre - (centre - crop.y) * ratio });
  }

  function onKeyDown(event: KeyboardEvent) {
    const step = event.shiftKey ? 20 : 5;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const delta = moves[event.key];
    if (!delta) return;
    event.preventDefault();
    move({ ...crop, x: crop.x + delta[0], y: crop.y + delta[1] });
  }

  function onPointerDown(event: PointerEvent) {
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY, from: crop };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }
  function onPointerMove(event: PointerEvent) {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    move({ ...start.from, x: start.from.x + event.clientX - start.x, y: start.from.y + event.clientY - start.y });
  }
  const onPointerUp = () => {
    drag.current = null;
  };

  async function save() {
    if (!image.current || !natural) return;
    setSaving(true);
    try {
      const { userInfo } = await uploadAvatar(await drawCrop(image.current, crop));
      Message.success(t['accountCenter.avatar.saved']);
      close();
      onSaved(userInfo);
      await reloadSession();
    } catch (error) {
      const apiError = toApiError(error);
      if (!apiError.handled) Message.error(apiError.message);
    } finally {
      setSaving(false);
    }
  }

  async function reset() {
    try {
      const { userInfo } = await removeAvatar();
      Message.success(t['accountCenter.avatar.removed']);
      onSaved(userInfo);
      await reloadSession();
    } catch (error) {
      const apiError = toApiError(error);
      if (!apiError.handled) Message.error(apiError.message);
    }
  }

  const size = natural ? shown(natural, crop.zoom) : null;
  return (
    <>
      <Space size={8} className={styles['avatar-actions']}>
        <Button size="mini" type="outline" onClick={() => input.current?.click()} data-testid="account-avatar-choose">
          {t['accountCenter.avatar.change']}
        </Button>
        {user.avatar ? (
          <Popconfirm title={t['accountCenter.avatar.removeConfirm']} onOk={reset}>
            <Button size="mini" type="text" data-testid="account-avatar-remove">
              {t['accountCenter.avatar.remove']}
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        aria-label={t['accountCenter.avatar.change']}
        data-testid="account-avatar-file"
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <Modal
        title={t['accountCenter.avatar.title']}
        visible={source !== null}
        onCancel={close}
        onOk={save}
        okText={t['accountCenter.avatar.save']}
        okButtonProps={{ disabled: !natural, 'data-testid': 'account-avatar-save' } as never}
        confirmLoading={saving}
        unmountOnExit
      >
        <div className={styles.cropper}>
          <div
            className={styles['crop-box']}
            style={{ width: CROP_VIEW, height: CROP_VIEW }}
            tabIndex={0}
            role="application"
            aria-label={t['accountCenter.avatar.hint']}
            data-testid="account-avatar-crop"
            onKeyDown={onKeyDown}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          >
            {source ? (
              <img
                ref={image}
                src={source}
                alt=""
                draggable={false}
                onLoad={loaded}
                onError={failed}
                style={
                  size
                    ? { width: size.width, height: size.height, transform: `translate(${crop.x}px, ${crop.y}px)` }
                    : { visibility: 'hidden' }
                }
              />
            ) : null}
          </div>
          <div className={styles['crop-hint']}>{t['accountCenter.avatar.hint']}</div>
          <Slider
            min={1}
            max={MAX_ZOOM}
            step={0.05}
            value={crop.zoom}
            onChange={(value) => zoomTo(value as number)}
            disabled={!natural}
            aria-label={t['accountCenter.avatar.zoom']}
            style={{ width: CROP_VIEW }}
          />
        </div>
      </Modal>
    </>
  );
}

/** The header shows the avatar from the session: refresh it (a failure there is not the save's). */
async function reloadSession() {
  try {
    await getSessionService().reload();
  } catch {
    /* the next init call catches up */
  }
}
