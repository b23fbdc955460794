import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import { setSessionService } from '@cotton/sdk/host';
import { accountCalls } from '@cotton/sdk/calls';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { user } from '../../test/fixtures';
import { AvatarEditor, clampCrop, cropSource, initialCrop, CROP_VIEW } from './avatar-editor';
import locale from './locale/zh-CN';

const upload = vi.spyOn(request, 'upload');
const call = vi.spyOn(request, 'call');

let drawn: unknown[][];
let toastSuccess: ReturnType<typeof vi.fn>;
let toastError: ReturnType<typeof vi.fn>;
let sessionReload: ReturnType<typeof vi.fn>;
const PNG_BLOB = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

beforeEach(() => {
  drawn = [];
  upload.mockReset();
  call.mockReset();
  // jsdom draws nothing: the canvas records what the cropper asks it to draw.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        drawImage: (...args: unknown[]) => drawn.push(args.slice(1)),
        imageSmoothingQuality: 'low',
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, done) {
    done(PNG_BLOB);
  });
  toastSuccess = vi.fn(() => () => undefined);
  toastError = vi.fn(() => () => undefined);
  vi.spyOn(Message, 'success').mockImplementation(toastSuccess as unknown as typeof Message.success);
  vi.spyOn(Message, 'error').mockImplementation(toastError as unknown as typeof Message.error);
  sessionReload = vi.fn(async () => undefined);
  setSessionService({ logout: async () => undefined, reload: sessionReload as () => Promise<void> });
});
afterEach(() => {
  vi.mocked(HTMLCanvasElement.prototype.getContext).mockRestore();
  vi.mocked(HTMLCanvasElement.prototype.toBlob).mockRestore();
  vi.mocked(Message.success).mockRestore();
  vi.mocked(Message.error).mockRestore();
});

function choose(file: File) {
  fireEvent.change(screen.getByTestId('account-avatar-file'), { target: { files: [file] } });
}

/** The chosen picture, read as a data: address (the CSP allows no blob: image). */
async function chosenImage(): Promise<HTMLImageElement> {
  await waitFor(() => expect(screen.getByTestId('account-avatar-crop').querySelector('img')).toBeTruthy());
  const image = screen.getByTestId('account-avatar-crop').querySelector('img')!;
  expect(image.getAttribute('src')).toMatch(/^data:image\/(png|jpeg);base64,/);
  return image;
}

/** The chosen picture "loads" with `width` × `height` natural pixels. */
async function load(width: number, height: number) {
  const image = await chosenImage();
  Object.defineProperty(image, 'naturalWidth', { value: width });
  Object.defineProperty(image, 'naturalHeight', { value: height });
  fireEvent.load(image);
  return image;
}

describe('the crop arithmetic', () => {
  it('centres a landscape picture, keeps it covering the box, and crops a square of it', () => {
    const natural = { width: 800, height: 400 };
    const start = initialCrop(natural);
    // The short side fills the box: 400 px → 240, so 800 → 480; centred: x = (240 - 480) / 2.
    expect(start).toEqual({ zoom: 1, x: -120, y: 0 });
    expect(cropSource(natural, start)).toEqual({ sx: 200, sy: 0, side: 400 });
    // Dragged past the edge, it stops where the picture's edge meets the box's.
    expect(clampCrop(natural, { zoom: 1, x: 50, y: 30 })).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(clampCrop(natural, { zoom: 1, x: -1000, y: 0 })).toEqual({ zoom: 1, x: CROP_VIEW - 480, y: 0 });
    // Zoomed twice: the square is half as large in the picture.
    expect(cropSource(natural, { zoom: 2, x: 0, y: 0 }).side).toBe(200);
  });
});

describe('AvatarEditor', () => {
  it('crops the chosen picture square, uploads it and reloads the session', async () => {
    const saved = { userInfo: user({ avatar: '/file/avatar/0123456789abcdef0123456789abcdef' }) };
    upload.mockResolvedValue(saved);
    const onSaved = vi.fn();
    render(<AvatarEditor t={locale} user={user()} onSaved={onSaved} />);
    choose(new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    await load(1000, 500);
    // Moved with the keyboard: 5 px to the left each press, 20 with Shift.
    const box = screen.getByTestId('account-avatar-crop');
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    fireEvent.keyDown(box, { key: 'ArrowRight', shiftKey: true });
    fireEvent.click(screen.getByRole('button', { name: '保存头像' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved.userInfo));
    // 500 px → 240 on screen; centred at x = -120, moved 25 px: x = -145 → sx = 145 × 500 / 240.
    expect(drawn).toHaveLength(1);
    const [sx, sy, side, side2, dx, dy, width, height] = drawn[0] as number[];
    expect(sx).toBeCloseTo((145 * 500) / 240);
    expect([sy, side, side2, dx, dy, width, height]).toEqual([0, 500, 500, 0, 0, 256, 256]);
    const [sent, form] = upload.mock.calls[0]!;
    expect(sent).toBe(accountCalls.uploadAvatar);
    expect((form as FormData).get('file')).toBeInstanceOf(Blob);
    expect(sessionReload).toHaveBeenCalled();
    expect(toastSuccess).toHaveBeenCalledWith('头像已更新');
  });

  it('refuses a picture that is not PNG or JPEG, or too large, before anything is sent', () => {
    render(<AvatarEditor t={locale} user={user()} onSaved={vi.fn()} />);
    choose(new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(toastError).toHaveBeenLastCalledWith('头像只能是 PNG 或 JPEG 图片');
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    choose(big);
    expect(toastError).toHaveBeenLastCalledWith('图片大小不能超过10M');
    expect(screen.queryByTestId('account-avatar-crop')).toBeNull();
    expect(upload).not.toHaveBeenCalled();
  });

  it('says so when the picture cannot be read, and shows the server’s refusal', async () => {
    render(<AvatarEditor t={locale} user={user()} onSaved={vi.fn()} />);
    choose(new File(['x'], 'broken.png', { type: 'image/png' }));
    fireEvent.error(await chosenImage());
    expect(toastError).toHaveBeenLastCalledWith('无法读取该图片，请换一张 PNG 或 JPEG 图片');

    upload.mockRejectedValue(new ApiError('400', '头像须为正方形，边长 64～1024 像素'));
    choose(new File(['x'], 'me.png', { type: 'image/png' }));
    await load(300, 300);
    fireEvent.click(screen.getByRole('button', { name: '保存头像' }));
    await waitFor(() => expect(toastError).toHaveBeenLastCalledWith('头像须为正方形，边长 64～1024 像素'));
    // The cropper stays open to try another picture.
    expect(screen.getByTestId('account-avatar-crop')).toBeTruthy();
  });

  it('returns to the default avatar', async () => {
    call.mockResolvedValue({ userInfo: user({ avatar: null }) });
    const onSaved = vi.fn();
    render(
      <AvatarEditor
        t={locale}
        user={user({ avatar: '/file/avatar/0123456789abcdef0123456789abcdef' })}
        onSaved={onSaved}
      />,
    );
    fireEvent.click(screen.getByTestId('account-avatar-remove'));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(call).toHaveBeenCalledWith(accountCalls.removeAvatar, {});
    expect(toastSuccess).toHaveBeenCalledWith('已恢复默认头像');
  });
});
