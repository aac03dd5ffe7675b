import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { App, Button, Card, Modal, Result, Skeleton, Space, Tag } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { DECLARATION_STATUS_LABELS } from '@dandelion/shared/award/declaration';
import { DECLARATION_SECTION_LABELS, type DeclarationSection } from '@dandelion/shared/award/prize';
import { ApiError, errorMessage } from '../../../api/http';
import { LoadFailure } from '../../shared/LoadFailure';
import { usePortalTitle } from '../../shared/usePortalTitle';
import { declareApi, declareKeys, sectionsOf, useDeclaration, type Declaration, type DeclarationProblem } from '../api';
import { statusColor } from '../statusColor';
import type { FieldTarget } from './fieldPath';
import { ProblemList } from './ProblemList';
import { ReviewerNote } from './ReviewerNote';
import { SectionNav } from './SectionNav';
import { SectionPanel } from './SectionPanel';
import { useSectionSave } from './useSectionSave';
import '../declare.css';
import { withAntdProviders } from '../../shared/withAntdProviders';

const CENTER = '/center';

/** A problem about a rich-text section as a whole goes to its one field. */
const SECTION_FIELD: Partial<Record<DeclarationSection, string>> = { SUMMARY: 'summary', INNOVATIONS: 'innovations', APPLICATION: 'application', SOCIAL: 'social' };

function DeclarationEditor({ declaration }: { declaration: Declaration }) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const sections = sectionsOf(declaration);
  const editable = declaration.actions.includes('EDIT');
  const canSubmit = declaration.actions.includes('SUBMIT');
  const [current, setCurrent] = useState<DeclarationSection>(sections[0]!);
  const [target, setTarget] = useState<FieldTarget | null>(null);
  const [problems, setProblems] = useState<DeclarationProblem[] | null>(null);
  const [pending, setPending] = useState<FieldTarget | null>(null);
  const [busy, setBusy] = useState<'check' | 'submit' | null>(null);
  const { lockVersion, saved, dirty, setDirty, saving, save, reload, onForm, markDirty } = useSectionSave(declaration);

  // Closing or reloading the tab with unsaved typing asks first (the browser's own dialog).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const savedSections = new Set(sections.filter((s) => saved[s] !== null));
  const problemCounts: Partial<Record<DeclarationSection, number>> = {};
  for (const p of problems ?? []) problemCounts[p.section] = (problemCounts[p.section] ?? 0) + 1;

  const open = (next: FieldTarget) => {
    setTarget(next);
    setCurrent(next.section);
  };

  /** Opens a section (and a field in it); unsaved typing is saved or discarded first, as the applicant says. */
  const go = (next: FieldTarget) => {
    if (next.section === current) {
      setTarget({ ...next });
      return;
    }
    if (dirty && editable) setPending(next);
    else open(next);
  };

  /** Unsaved typing is saved before the check and the submission, which look at what is stored. */
  const saveIfDirty = async () => (dirty && editable ? save(current) : true);

  const check = async () => {
    if (!(await saveIfDirty())) return;
    setBusy('check');
    try {
      const answer = await declareApi.check(declaration.declarationId);
      setProblems(answer.problems);
      if (answer.ok) message.success('检查通过，可以提交');
    } catch {
      // the request layer has said why
    } finally {
      setBusy(null);
    }
  };

  const submitNow = async () => {
    if (!(await saveIfDirty())) return;
    setBusy('submit');
    try {
      const answer = await declareApi.submit(declaration.declarationId, lockVersion);
      setDirty(false);
      // 我的申报 and this form show the new status and 登记号 when next opened.
      void queryClient.invalidateQueries({ queryKey: declareKeys.all });
      modal.success({
        title: '提交成功',
        content: (
          <div>
            <p>
              登记号：<strong className="dl-registration-no">{answer.registrationNo}</strong>
            </p>
            <p>当前状态：{DECLARATION_STATUS_LABELS[answer.status]}。可在个人中心「我的申报」查看办理进度。</p>
          </div>
        ),
        okText: '查看我的申报',
        onOk: () => navigate(CENTER),
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Array.isArray(error.attributes.problems)) {
        setProblems(error.attributes.problems as DeclarationProblem[]);
        message.error(error.message);
      } else if (error instanceof ApiError && error.status === 409) {
        modal.confirm({ title: '提交未成功', content: error.message, okText: '重新加载', cancelText: '取消', onOk: () => reload() });
      } else {
        message.error(errorMessage(error));
      }
    } finally {
      setBusy(null);
    }
  };

  const submit = () =>
    modal.confirm({
      title: '确认提交申报书？',
      content: '提交后进入审核环节，审核期间不能修改。请确认各栏目内容准确无误。',
      okText: '提交',
      cancelText: '取消',
      onOk: () => void submitNow(),
    });

  return (
    <div className="dl-declaration-form">
      <div className="dl-declaration-form__head">
        <div>
          <h1>
            {declaration.editionName} {declaration.prizeName} 申报书
          </h1>
          <Space size={8} wrap>
            <Tag color={statusColor(declaration.status)}>{DECLARATION_STATUS_LABELS[declaration.status]}</Tag>
            {declaration.registrationNo ? <span>登记号：{declaration.registrationNo}</span> : null}
            {declaration.deadline ? <span>截止日期：{declaration.deadline}</span> : null}
          </Space>
        </div>
        <Space wrap>
          <Link to={CENTER}>返回我的申报</Link>
          {declaration.actions.includes('PRINT') ? (
            <Button icon={<PrinterOutlined />} onClick={() => window.open(`/declare/print/${declaration.declarationId}`, '_blank')}>
              打印
            </Button>
          ) : null}
          {canSubmit ? (
            <>
              <Button onClick={() => void check()} loading={busy === 'check'}>
                检查
              </Button>
              <Button type="primary" onClick={submit} loading={busy === 'submit'}>
                提交
              </Button>
            </>
          ) : null}
        </Space>
      </div>
      {declaration.lastNote ? <ReviewerNote note={declaration.lastNote} /> : null}
      {!editable ? <p className="dl-declaration-form__readonly">当前状态下申报书不能修改，以下为只读内容。</p> : null}
      {problems ? <ProblemList problems={problems} onOpen={(p) => go({ section: p.section, field: p.field || (SECTION_FIELD[p.section] ?? ''), message: p.message })} onClose={() => setProblems(null)} /> : null}
      <div className="dl-declaration-form__body">
        <SectionNav sections={sections} current={current} saved={savedSections} problemCounts={problemCounts} unsaved={dirty && editable} onOpen={(section) => go({ section, field: '' })} />
        <Card
          className="dl-declaration-form__section"
          title={DECLARATION_SECTION_LABELS[current]}
          extra={
            editable ? (
              <Button type="primary" onClick={() => void save(current)} loading={saving}>
                保存本栏
              </Button>
            ) : null
          }
        >
          <SectionPanel
            key={current}
            section={current}
            declaration={declaration}
            content={saved[current]}
            disabled={!editable}
            target={target}
            onForm={onForm}
            onDirty={markDirty}
          />
          {editable ? (
            <div className="dl-declaration-form__actions">
              <Button type="primary" onClick={() => void save(current)} loading={saving}>
                保存本栏
              </Button>
            </div>
          ) : null}
        </Card>
      </div>
      <Modal
        open={pending !== null}
        title="本栏有未保存的修改"
        onCancel={() => setPending(null)}
        footer={[
          <Button key="cancel" onClick={() => setPending(null)}>
            取消
          </Button>,
          <Button
            key="discard"
            danger
            onClick={() => {
              const next = pending!;
              setPending(null);
              setDirty(false);
              open(next);
            }}
          >
            放弃修改
          </Button>,
          <Button
            key="save"
            type="primary"
            loading={saving}
            onClick={async () => {
              const next = pending!;
              if (await save(current)) {
                setPending(null);
                open(next);
              } else setPending(null);
            }}
          >
            保存并切换
          </Button>,
        ]}
      >
        离开「{DECLARATION_SECTION_LABELS[current]}」前，要保存刚才的修改吗？
      </Modal>
    </div>
  );
}

/** /declare/form/:declarationId — the applicant's declaration form, section by section. */
function DeclarationFormPage() {
  const { declarationId = '' } = useParams();
  const detail = useDeclaration(declarationId);
  usePortalTitle(detail.data ? `${detail.data.prizeName}申报书` : '填写申报书');
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 403)) {
      return <Result status="404" title="申报书不存在" subTitle={detail.error.message} extra={<Link to={CENTER}>返回我的申报</Link>} />;
    }
    return <LoadFailure title="申报书加载失败" error={detail.error} retrying={detail.isFetching} onRetry={() => void detail.refetch()} />;
  }
  // Keyed by the loaded version's id: a different declaration starts afresh.
  return <DeclarationEditor key={detail.data.declarationId} declaration={detail.data} />;
}

// Draws with antd: the providers come with this page's chunk (the portal's first load has none).
export default withAntdProviders(DeclarationFormPage);
