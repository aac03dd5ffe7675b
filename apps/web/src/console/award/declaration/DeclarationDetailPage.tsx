import { useState } from 'react';
import { Button, Card, Empty, Space, Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DECLARATION_PERMISSIONS as P } from '@dandelion/shared/award/declaration';
import { useHasPermission } from '../../../api/consoleStore';
import { declarationKeys, DeclarationHistory, DeclarationView, RevocationDecisionModal, useDeclaration } from '../../../components/declarationView';
import { LoadError } from '../../../components/LoadError';
import { PageLoading } from '../../../components/PageLoading';

/** /award/declaration/declarationDetail?id=: one declaration read-only with its history, and 办理撤回申请 when it waits at the office. */
export default function DeclarationDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const location = useLocation();
  const declaration = useDeclaration(id);
  const queryClient = useQueryClient();
  const mayDecideRevocation = useHasPermission(P.revocation);
  const [revoking, setRevoking] = useState(false);
  const d = declaration.data;

  const goBack = () => {
    // 'default' is the key of the first entry: opened directly, there is no page behind this one.
    if (location.key !== 'default') navigate(-1);
    else navigate('/award/declaration/declarationList');
  };

  return (
    <Card
      title={d ? `申报书详情：${d.title || '（未填写项目名称）'}` : '申报书详情'}
      extra={
        <Space>
          {d && mayDecideRevocation && d.actions.includes('DECIDE_REVOCATION') && (
            <Button danger onClick={() => setRevoking(true)}>
              办理撤回申请
            </Button>
          )}
          <Button onClick={goBack}>返回</Button>
        </Space>
      }
    >
      {!id && <Empty description="没有指定申报书" />}
      {declaration.isError && <LoadError message={declaration.error.message} onRetry={() => void declaration.refetch()} />}
      {id && declaration.isPending && <PageLoading />}
      {d && (
        <Tabs
          items={[
            { key: 'declaration', label: '申报书', children: <DeclarationView declaration={d} /> },
            { key: 'history', label: '办理记录', children: <DeclarationHistory declarationId={d.declarationId} /> },
          ]}
        />
      )}
      <RevocationDecisionModal declaration={revoking && d ? d : null} onClose={() => setRevoking(false)} onSettled={() => queryClient.invalidateQueries({ queryKey: declarationKeys.detail(id ?? '') })} />
    </Card>
  );
}
