import { useState } from 'react';
import { Empty, Input, Modal, Pagination, Spin } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { currentToken } from '../../api/session';
import { errorMessage } from '../../api/http';
import { LoadError } from '../LoadError';
import { displayImageSrc } from '../RichTextView/addresses';
import { fetchLibraryPage, LIBRARY_PAGE_SIZE, type LibraryImage } from './fileManager';

interface ImageLibraryProps {
  open: boolean;
  endpoint: string;
  zIndex: number;
  onPick(image: LibraryImage): void;
  onClose(): void;
}

/** 图片库: the images the endpoint lists, searchable and paged; a click inserts one. */
export function ImageLibrary({ open, endpoint, zIndex, onPick, onClose }: ImageLibraryProps) {
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery({
    queryKey: ['rich-text-image-library', endpoint, keyword, pageNum],
    queryFn: ({ signal }) => fetchLibraryPage(endpoint, { keyword, pageNum }, { signal }),
    enabled: open,
    // Read afresh each time the library opens (images uploaded meanwhile); the shown page stays while the next loads.
    staleTime: 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const page = query.data;
  const loading = query.isFetching;
  const failure = query.error ? errorMessage(query.error) : null;

  const token = currentToken();
  return (
    <Modal title="图片库" open={open} onCancel={onClose} footer={null} width={760} zIndex={zIndex + 10} destroyOnHidden>
      <Input.Search
        placeholder="按文件名搜索"
        allowClear
        enterButton="搜索"
        onSearch={(value) => {
          setKeyword(value.trim());
          setPageNum(1);
        }}
        style={{ marginBottom: 16 }}
      />
      {failure ? <LoadError message={`图片库加载失败：${failure}`} /> : null}
      <Spin spinning={loading}>
        {page && page.list.length ? (
          <ul className="dl-rte-library" aria-label="图片列表">
            {page.list.map((image) => (
              <li key={image.fileId}>
                <button type="button" title={`插入「${image.filename}」`} onClick={() => onPick(image)}>
                  <img src={displayImageSrc(image.url, token)} alt={image.filename} loading="lazy" />
                  <span className="dl-rte-library-name">{image.filename}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <Empty description={loading ? '正在加载…' : '暂无图片'} style={{ padding: '32px 0' }} />
        )}
      </Spin>
      {page && page.total > (page.pageSize || LIBRARY_PAGE_SIZE) ? (
        <Pagination
          size="small"
          align="end"
          current={pageNum}
          pageSize={page.pageSize || LIBRARY_PAGE_SIZE}
          total={page.total}
          showSizeChanger={false}
          showTotal={(total) => `共 ${total} 张`}
          onChange={setPageNum}
          style={{ marginTop: 16 }}
        />
      ) : null}
    </Modal>
  );
}
