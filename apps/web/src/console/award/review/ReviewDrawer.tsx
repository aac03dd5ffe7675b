import { Button, Card, Drawer, Space, Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { DeclarationHistory, DeclarationView, RevocationDecisionModal, declarationKeys, useDeclaration } from '../../../components/declarationView';
import { LoadError } from '../../../components/LoadError';
import { PageLoading } from '../../../components/PageLoading';
import { LEVELS, type ReviewLevel } from './api';
import { ChangesTable } from './ChangesTable';
import { FormalAuditForm } from './FormalAuditForm';
import { LevelDecisionForm } from './LevelDecisionForm';

export interface ReviewDrawerProps {
  level: ReviewLevel;
  declarationId: string | null;
  /** review: with the decision form; revocation: with the withdrawal dialog open; view: read only. */
  mode: 'review' | 'view' | 'revocation';
  /** The caller holds the level's decision permission. */
  mayDecide: boolean;
  /** 办理撤回申请 opens the withdrawal dialog (mode revocation); closing it returns to view. */
  onModeChange: (mode: 'review' | 'view' | 'revocation') => void;
  onClose: () => void;
  /** After anything changed the declaration (or was refused as stale): the list reloads. */
  onChanged: () => unknown;
}

/** The declaration read-only beside the queue, with the decision form when the server lists this level's action. */
export function ReviewDrawer({ level, declarationId, mode, mayDecide, onModeChange, onClose, onChanged }: ReviewDrawerProps) {
  const config = LEVELS[level];
  const declaration = useDeclaration(declarationId);
  const queryClient = useQueryClient();

  const d = declaration.data;
  const canDecide = mode === 'review' && mayDecide && !!d?.actions.includes(config.action);
  const canDecideRevocation = !!d?.actions.includes('DECIDE_REVOCATION');

  const reload = async () => {
    if (!declarationId) return;
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: declarationKeys.detail(declarationId) }),
      onChanged(),
    ]);
  };
  const decided = async () => {
    onClose();
    await reload();
  };

  const decisionForm =
    d && canDecide ? (
      level === 'formal' ? (
        <FormalAuditForm declaration={d} onDecided={decided} onStale={reload} />
      ) : (
        <LevelDecisionForm level={level} declaration={d} onDecided={decided} onStale={reload} />
      )
    ) : null;

  return (
    <Drawer
      open={!!declarationId}
      onClose={onClose}
      size="min(1100px, 96vw)"
      title={d ? `${config.title}：${d.title || '（未填写项目名称）'}` : config.title}
      destroyOnHidden
      extra={
        canDecideRevocation && (
          <Space>
            <Button danger onClick={() => onModeChange('revocation')}>
              办理撤回申请
            </Button>
          </Space>
        )
      }
    >
      {declaration.isError && <LoadError message={declaration.error.message} onRetry={() => void declaration.refetch()} />}
      {declaration.isPending && !!declarationId && <PageLoading />}
      {d && (
        <>
          {decisionForm && (
            <Card size="small" title={level === 'formal' ? '形式审查结论' : '审核结果'} style={{ marginBottom: 16 }}>
              {decisionForm}
            </Card>
          )}
          <Tabs
            items={[
              { key: 'declaration', label: '申报书', children: <DeclarationView declaration={d} /> },
              { key: 'history', label: '办理记录', children: <DeclarationHistory declarationId={d.declarationId} /> },
              ...(d.resubmitted ? [{ key: 'changes', label: '修改对比', children: <ChangesTable declarationId={d.declarationId} /> }] : []),
            ]}
          />
        </>
      )}
      <RevocationDecisionModal declaration={mode === 'revocation' && canDecideRevocation ? d! : null} onClose={() => onModeChange('view')} onSettled={reload} />
    </Drawer>
  );
}
