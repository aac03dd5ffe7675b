import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ApiError, errorMessage } from '../../api/http';

/** A refused cell of an import: the sheet row, the column and why. */
export interface ImportProblem {
  row: number;
  field: string;
  message: string;
}

export interface ImportDialogProps<R> {
  open: boolean;
  /** 导入用户 / 导入专家. */
  title: string;
  /** Above the file picker: what the file must be and what importing does. */
  hint: ReactNode;
  maxBytes: number;
  /** Sends the file (name and base64 content), reporting the share sent (0–100). */
  upload: (fileName: string, base64: string, onSent: (percent: number) => void) => Promise<R>;
  downloadTemplate: () => void;
  /** What was imported, once it was. */
  renderResult: (result: R) => ReactNode;
  onClose: () => void;
  onImported: () => void;
}

/** A file's content as base64 without the data: prefix (the import travels inside JSON). */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('读取文件失败'));
    reader.readAsDataURL(file);
  });
}

/**
 * 导入 of a list: the template to download, one .xlsx, progress while it is sent (sending is the first
 * 90 %; the rest is the server checking and storing every row), and every refused cell listed.
 */
export function ImportDialog<R>({ open, title, hint, maxBytes, upload, downloadTemplate, renderResult, onClose, onImported }: ImportDialogProps<R>) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [phase, setPhase] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [result, setResult] = useState<R | null>(null);

  const reset = () => {
    setFile(null);
    setPercent(null);
    setPhase(null);
    setError(null);
    setProblems([]);
    setResult(null);
  };

  const start = async () => {
    if (!file) return;
    setError(null);
    setProblems([]);
    setResult(null);
    if (file.size > maxBytes) return setError(`导入文件不能超过 ${Math.round(maxBytes / 1024 / 1024)} MB`);
    setPercent(0);
    setPhase('读取文件…');
    try {
      const content = await base64Of(file);
      setPhase('上传中…');
      const answer = await upload(file.name, content, (sent) => {
        setPercent(Math.floor(sent * 0.9));
        if (sent >= 100) setPhase('正在校验并保存…');
      });
      setPercent(100);
      setPhase(null);
      setResult(answer);
      onImported();
    } catch (e) {
      setPercent(null);
      setPhase(null);
      setError(errorMessage(e));
      const listed = e instanceof ApiError ? e.attributes.errors : undefined;
      if (Array.isArray(listed)) setProblems(listed as ImportProblem[]);
    }
  };

  return (
    <Modal
      title={title}
      open={open}
      width={720}
      onCancel={() => {
        reset();
        onClose();
      }}
      footer={
        <Space>
          <Button icon={<DownloadOutlined />} onClick={downloadTemplate}>
            下载模板
          </Button>
          <Button type="primary" disabled={!file || (percent !== null && percent < 100)} onClick={() => void start()}>
            开始导入
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <Upload
        accept=".xlsx"
        maxCount={1}
        beforeUpload={(f) => {
          reset();
          setFile(f);
          return false;
        }}
        onRemove={() => reset()}
        fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
      >
        <Button icon={<UploadOutlined />}>选择文件</Button>
      </Upload>
      {percent !== null && (
        <div style={{ marginTop: 12 }}>
          <Progress percent={percent} status={percent < 100 ? 'active' : 'success'} />
          {phase && <Typography.Text type="secondary">{phase}</Typography.Text>}
        </div>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
      {problems.length > 0 && (
        <Table<ImportProblem>
          style={{ marginTop: 12 }}
          size="small"
          rowKey={(p) => `${p.row}-${p.field}-${p.message}`}
          dataSource={problems}
          pagination={problems.length > 10 ? { pageSize: 10 } : false}
          columns={[
            { title: '行号', dataIndex: 'row', width: 70 },
            { title: '列', dataIndex: 'field', width: 140 },
            { title: '问题', dataIndex: 'message' },
          ]}
        />
      )}
      {result !== null && renderResult(result)}
    </Modal>
  );
}
