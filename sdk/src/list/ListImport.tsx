import { useRef } from 'react';
import type { ChangeEvent, ReactElement } from 'react';
import { Alert, Button, Message, Modal, Space, Table } from '@arco-design/web-react';
import { IconFile, IconUpload } from '@arco-design/web-react/icon';
import { observer } from 'mobx-react-lite';
import { checkImportFile } from '../validators/import-file';
import type { ImportStore } from './import-store';

/** The props of `ListImportButtons` and `ListImportResultModal`. */
export interface ListImportProps {
  /** The list's `store.importer`, or a page's own `ImportStore`. */
  importer: ImportStore;
}

function ListImportButtonsView({ importer }: ListImportProps) {
  const input = useRef<HTMLInputElement>(null);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so that choosing the same file again (after fixing it) is a change too.
    event.target.value = '';
    if (!file) return;
    const refusal = checkImportFile(file);
    if (refusal) {
      Message.error(refusal);
      return;
    }
    void importer.importFile(file);
  };

  // One item of the toolbar's Space: the two buttons spaced as its items are.
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        aria-label="选择导入文件"
        data-testid="list-import-file"
        onChange={onFile}
      />
      <Space>
        <Button
          icon={<IconUpload />}
          loading={importer.importing}
          onClick={() => input.current?.click()}
          data-testid="list-import"
        >
          导入
        </Button>
        {importer.hasTemplate && (
          <Button
            icon={<IconFile />}
            onClick={() => void importer.downloadTemplate()}
            data-testid="list-import-template"
          >
            下载模板
          </Button>
        )}
      </Space>
    </>
  );
}

/** 导入 (a file picker for `.xlsx`) and 下载模板, for a list's toolbar. */
export const ListImportButtons: (props: ListImportProps) => ReactElement | null = observer(ListImportButtonsView);

function ListImportResultView({ importer }: ListImportProps) {
  const result = importer.result;
  const refused = result?.refused ?? [];
  return (
    <Modal
      title="导入结果"
      visible={result !== null}
      onOk={() => importer.close()}
      onCancel={() => importer.close()}
      hideCancel
      okText="知道了"
      style={{ width: 640 }}
    >
      {result && (
        <div data-testid="list-import-result">
          {refused.length === 0 ? (
            <Alert type="success" content={`导入成功，共 ${result.stored} 条`} />
          ) : (
            <>
              <Alert
                type={result.stored > 0 ? 'warning' : 'error'}
                content={`成功导入 ${result.stored} 条，${refused.length} 行未导入，请修改后重新导入这些行：`}
              />
              <Table
                style={{ marginTop: 12 }}
                size="small"
                border={{ wrapper: true, cell: true }}
                rowKey="row"
                data={refused}
                pagination={refused.length > 10 ? { pageSize: 10, size: 'mini' } : false}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 80 },
                  {
                    title: '原因',
                    dataIndex: 'reasons',
                    render: (reasons: string[]) => reasons.join('；'),
                  },
                ]}
              />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}

/** The answer of the last import: how many rows were stored, and each refused row's number and reasons. */
export const ListImportResultModal: (props: ListImportProps) => ReactElement = observer(ListImportResultView);
