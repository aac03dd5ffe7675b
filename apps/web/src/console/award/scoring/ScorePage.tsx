import { Card, Col, Descriptions, Empty, Row } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ASSIGNMENT_STATE_LABELS } from '@dandelion/shared/award/expertPush';
import { DeclarationView } from '../../../components/declarationView';
import { LoadError } from '../../../components/LoadError';
import { PageLoading } from '../../../components/PageLoading';
import { scoringApi, scoringKeys, useMyReview, useReviewedDeclaration, type ReviewInput } from './api';
import { PeerScores } from './PeerScores';
import { ScoreForm } from './ScoreForm';

/**
 * 专家评分 (/award/scoring/score?assignmentId=…), reached from the expert's task list: the declaration
 * read-only beside the rubric form; after submitting, the other experts' scores.
 */
export default function ScorePage() {
  const [params] = useSearchParams();
  const assignmentId = params.get('assignmentId');
  const review = useMyReview(assignmentId);
  const declaration = useReviewedDeclaration(assignmentId);
  const queryClient = useQueryClient();

  if (!assignmentId) return <Empty description="未指定评审任务，请从评审任务列表进入" />;
  if (review.isError) return <LoadError message={review.error.message} onRetry={() => void review.refetch()} />;
  if (review.isPending) return <PageLoading />;
  const r = review.data;

  const reload = () => queryClient.invalidateQueries({ queryKey: scoringKeys.review(assignmentId) });
  const store = async (answer: typeof r) => {
    queryClient.setQueryData(scoringKeys.review(assignmentId), answer);
    if (answer.status === 'SUBMITTED') await queryClient.invalidateQueries({ queryKey: scoringKeys.peers(assignmentId) });
  };
  const save = async (input: ReviewInput) => store(await scoringApi.save(assignmentId, r.lockVersion, input));
  const submit = async (input: ReviewInput) => store(await scoringApi.submit(assignmentId, r.lockVersion, input));

  return (
    <Row gutter={16}>
      <Col xs={24} xl={15}>
        <Card title="申报书" size="small" style={{ marginBottom: 16 }}>
          {declaration.isError && <LoadError message={declaration.error.message} onRetry={() => void declaration.refetch()} />}
          {declaration.isPending && <PageLoading />}
          {declaration.data && <DeclarationView declaration={declaration.data} />}
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Card title="评分" size="small" style={{ marginBottom: 16 }}>
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 12 }}
            items={[
              { key: 'prize', label: '奖种', children: r.prizeName },
              { key: 'group', label: '评审组', children: r.groupName },
              { key: 'state', label: '任务状态', children: ASSIGNMENT_STATE_LABELS[r.assignmentState] },
              { key: 'deadline', label: '截止日期', children: r.deadline ?? '—' },
            ]}
          />
          {/* Rebuilt when the stored review changes (a save, a submit, a reload after 409). */}
          <ScoreForm key={`${r.lockVersion}:${r.status ?? ''}`} review={r} save={save} submit={submit} onStale={reload} />
        </Card>
        <Card title="其他专家评分" size="small">
          <PeerScores review={r} />
        </Card>
      </Col>
    </Row>
  );
}
