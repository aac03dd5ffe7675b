/**
 * The rich-text editor as forms use it: a small shell that resolves the props (spec §3, §9) and
 * loads the real editor (EditorCore, with Tiptap) in its own chunk, showing a skeleton of the same
 * size meanwhile. Importing this file does not load Tiptap.
 */
import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { cssLength, resolveEditorProps, type ResolvedEditorProps, type RichTextEditorProps } from './props';
import './shell.css';

const loadCore = () => import('./EditorCore');
let LazyCore = lazy(loadCore);

/** What a form sees while the editor chunk is on its way: the editor's outline, same size. */
export function EditorSkeleton({ width, minWidth, height, minHeight }: Pick<ResolvedEditorProps, 'width' | 'minWidth' | 'height' | 'minHeight'>) {
  return (
    <div className="dl-rte-skeleton" style={{ width: cssLength(width), minWidth }} role="status" aria-label="编辑器加载中" aria-busy="true">
      <div className="dl-rte-skeleton-toolbar" />
      <div className="dl-rte-skeleton-body" style={{ height, minHeight }}>
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </div>
    </div>
  );
}

/** A chunk that failed to load (network, or a release replaced it) must not take the whole form down. */
class LoadBoundary extends Component<{ children: ReactNode; onRetry(): void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert
        type="error"
        showIcon
        message="编辑器加载失败"
        description="网络不稳定或系统刚刚更新，请重试；仍不行请刷新页面。"
        action={
          <Button
            size="small"
            onClick={() => {
              this.setState({ failed: false });
              this.props.onRetry();
            }}
          >
            重试
          </Button>
        }
      />
    );
  }
}

export function RichTextEditor(props: RichTextEditorProps) {
  const resolved = resolveEditorProps(props);
  const [, setAttempt] = useState(0);
  return (
    <LoadBoundary
      onRetry={() => {
        LazyCore = lazy(loadCore);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<EditorSkeleton {...resolved} />}>
        <LazyCore {...resolved} />
      </Suspense>
    </LoadBoundary>
  );
}
