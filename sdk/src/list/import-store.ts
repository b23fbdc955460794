import { Message } from '@arco-design/web-react';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ListImportResult } from '../contracts/list';
import { request } from '../request/client';
import { showFailure } from '../request/show-failure';
import type { ListImportCalls } from './types';

/** What 导入 is given: its calls, the template's file name, and what to do once rows are stored. */
export interface ImportStoreOptions {
  /** The upload, the template and the fields sent with the file. */
  calls: ListImportCalls;
  /** The template's file name (else the server's). */
  templateFileName?: string;
  /** After a file of which some rows were stored: the list reloads. */
  onStored?: () => void | Promise<void>;
}

const IMPORT_MESSAGE_ID = 'list-import';
/** Shown while a file is imported (`LIST_MESSAGES.importing`). */
export const IMPORTING_MESSAGE = '正在导入…';

/**
 * The state of a list's 导入 (`ListImportButtons`, `ListImportResultModal`): a `ListStore` holds
 * one for its `calls.import`; a page without a `ListStore` (a tree) makes its own.
 */
export class ImportStore {
  /** A file is being imported. */
  importing = false;
  /** The last import's answer, shown until `close()`. */
  result: ListImportResult | null = null;

  /** As given. */
  readonly options: ImportStoreOptions;

  constructor(options: ImportStoreOptions) {
    this.options = options;
    makeAutoObservable(this, { options: false }, { autoBind: true });
  }

  /** The template can be downloaded. */
  get hasTemplate(): boolean {
    return this.options.calls.template !== undefined;
  }

  /**
   * Uploads an `.xlsx` as the multipart field `file`, after the calls' `fields`: the server
   * stores the rows that pass and answers the refused ones with their row numbers and reasons
   * (`result`). Resolves the answer, or null when the call failed (said).
   */
  async importFile(file: File): Promise<ListImportResult | null> {
    if (this.importing) return null;
    this.importing = true;
    const form = new FormData();
    // Before the file: the server reads the fields that come ahead of it.
    for (const [name, value] of Object.entries(this.options.calls.fields ?? {})) form.append(name, value);
    form.append('file', file, file.name);
    const closeLoading = Message.loading({ id: IMPORT_MESSAGE_ID, content: IMPORTING_MESSAGE, duration: 0 });
    try {
      const result = (await request.upload(this.options.calls.call, form)) as ListImportResult;
      closeLoading?.();
      runInAction(() => {
        this.result = result;
      });
      if (result.stored > 0) await this.options.onStored?.();
      return result;
    } catch (error) {
      closeLoading?.();
      showFailure(error);
      return null;
    } finally {
      runInAction(() => {
        this.importing = false;
      });
    }
  }

  /** Closes the import's result. */
  close(): void {
    this.result = null;
  }

  /** Downloads the import template. */
  async downloadTemplate(): Promise<void> {
    const call = this.options.calls.template;
    if (!call) return;
    try {
      await request.download(call, {}, this.options.templateFileName);
    } catch (error) {
      showFailure(error);
    }
  }
}
