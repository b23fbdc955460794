import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN, STORAGE_PREFIX, TOKEN_EXPIRE_MS, storage } from './storage';

describe('storage', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-03-01T08:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('namespaces keys and stores {value, expire} JSON', () => {
    storage.set('user', { name: '张三' });
    expect(JSON.parse(localStorage.getItem('dandelion__user') ?? '')).toEqual({
      value: { name: '张三' },
      expire: null,
    });
    expect(storage.get<{ name: string }>('user')).toEqual({ name: '张三' });
  });

  it('keeps a value without expiry forever', () => {
    storage.set('k', 1);
    vi.setSystemTime(new Date('2099-01-01T00:00:00Z'));
    expect(storage.get<number>('k')).toBe(1);
  });

  it('expires entries and removes them on read', () => {
    storage.set(ACCESS_TOKEN, 'abc', TOKEN_EXPIRE_MS);
    vi.setSystemTime(Date.now() + TOKEN_EXPIRE_MS - 1);
    expect(storage.get<string>('token')).toBe('abc');
    vi.setSystemTime(Date.now() + 1);
    expect(storage.get<string>('token')).toBeNull();
    expect(localStorage.getItem(`${STORAGE_PREFIX}token`)).toBeNull();
  });

  it('stores falsy values faithfully', () => {
    storage.set('zero', 0);
    storage.set('empty', '');
    storage.set('no', false);
    expect(storage.get<number>('zero')).toBe(0);
    expect(storage.get<string>('empty')).toBe('');
    expect(storage.get<boolean>('no')).toBe(false);
  });

  it('returns null for missing and unreadable entries', () => {
    expect(storage.get('missing')).toBeNull();
    localStorage.setItem('dandelion__broken', '{not json');
    expect(storage.get('broken')).toBeNull();
    expect(localStorage.getItem('dandelion__broken')).toBeNull();
    localStorage.setItem('dandelion__foreign', '"plain"');
    expect(storage.get('foreign')).toBeNull();
  });

  it('removes one key', () => {
    storage.set('a', 1);
    storage.remove('a');
    expect(storage.get('a')).toBeNull();
  });

  it('clears only its own prefix', () => {
    storage.set('a', 1);
    storage.set('b', 2);
    localStorage.setItem('other-app', 'keep');
    storage.clear();
    expect(storage.get('a')).toBeNull();
    expect(storage.get('b')).toBeNull();
    expect(localStorage.getItem('other-app')).toBe('keep');
  });
});
