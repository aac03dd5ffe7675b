import { useEffect, useEffectEvent, useId, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, App, Button, Card, Form, Space, Spin, type FormInstance, type FormProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../api/http';
import { BusyButton } from '../BusyButton';
import { LoadError } from '../LoadError';
import { DetailView, type DetailItem, type DetailTab } from '../detail';
import { siblingPath, useFormMode, type FormMode } from './useFormMode';

export interface SaveContext<R> {
  mode: Exclude<FormMode, 'detail'>;
  /** The record's id in upd mode, null in add mode. */
  id: string | null;
  /** The loaded record in upd mode (carry its lockVersion back), undefined in add mode. */
  record: R | undefined;
}

/** What the …Detail page shows instead of the form: a description list of the loaded record. */
export interface DetailSpec<R> {
  /** The record's description items, formatted (components/detail: textOf, statusTag, dateTimeOf…). */
  items: (record: R) => readonly (DetailItem | false | null | undefined)[];
  /** The list's 修改 permission: 编辑 is shown only to its holders and opens the …Upd page. */
  editPermission?: string;
  /** Related records as tabs after 基本信息. */
  tabs?: (record: R) => readonly DetailTab[];
  /** Columns at wide widths (2 unless given). */
  column?: number;
  /** Above the descriptions. */
  header?: (record: R) => ReactNode;
}

export interface FormPageProps<V extends object, R = V> {
  /** What the form edits, for the title: 用户 → 新增用户 / 修改用户 / 用户详情. */
  entityName: string;
  /** The caller's `Form.useForm<V>()`, so fields can watch and set each other. */
  form: FormInstance<V>;
  /** Loads the record for upd and detail mode. Call it with `silent: true`; the page shows the failure itself. */
  load?: (id: string, signal: AbortSignal) => Promise<R>;
  /** Query key of the record; ['form-record', entityName, id] unless given. */
  queryKey?: readonly unknown[];
  /** Form values of a loaded record; the record itself unless given. */
  toValues?: (record: R) => Partial<V>;
  /** Values of a new record. */
  initialValues?: Partial<V>;
  /**
   * Saves in add and upd mode. Call it with `silent: true`: the page shows a refusal above its
   * buttons, and beside a field when the envelope's attributes name one (`field`, or `fieldErrors`).
   */
  save?: (values: V, context: SaveContext<R>) => Promise<unknown>;
  /** After a successful save; by default 保存成功 is shown and the page goes back. */
  onSaved?: (result: unknown, context: SaveContext<R>) => void;
  /** Where 返回 goes when there is no page to go back to; the parent path unless given. */
  backTo?: string;
  /** The mode, when the route's path does not name it. */
  mode?: FormMode;
  /** More buttons beside 保存 and 返回. */
  extraButtons?: ReactNode;
  formProps?: Omit<FormProps<V>, 'form' | 'onFinish' | 'disabled' | 'initialValues'>;
  /** The detail mode's description list; without it the detail page is the form, read-only. */
  detail?: DetailSpec<R>;
  children: ReactNode;
}

/** Field messages a refusal carries in its attributes: `{ field, … }` or `{ fieldErrors: { name: message } }`. */
function fieldErrorsOf(error: ApiError): { name: string; errors: string[] }[] {
  const { field, fieldErrors } = error.attributes;
  if (typeof field === 'string' && field) return [{ name: field, errors: [error.message] }];
  if (typeof fieldErrors !== 'object' || fieldErrors === null) return [];
  return Object.entries(fieldErrors)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, message]) => ({ name, errors: [message] }));
}

const titleOf = (mode: FormMode, label: string, entityName: string) =>
  mode === 'detail' ? `${entityName}详情` : `${label}${entityName}`;

/**
 * The one form page behind …Add, …Upd and …Detail (spec §2): the title names the mode, upd and
 * detail load the record, detail makes every field read-only, 保存 is disabled with a spinner
 * while saving (ARCHITECTURE §5), and refusals are shown where the user looks.
 */
export function FormPage<V extends object, R = V>(props: FormPageProps<V, R>) {
  const { entityName, form, load, toValues, initialValues, save, onSaved, backTo, extraButtons, formProps, detail, children } = props;
  const { mode, id, readOnly, label } = useFormMode(props.mode);
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // Fields' ids are the form's name + the field's: two forms of one kind open in two tabs (userUpd?id=1
  // and ?id=2) would otherwise share ids, and a label would focus the hidden tab's input.
  const formName = `form${useId().replace(/[^A-Za-z0-9]/g, '')}`;

  const needsRecord = mode !== 'add';
  const record = useQuery({
    queryKey: props.queryKey ?? ['form-record', entityName, id],
    queryFn: ({ signal }) => load!(id!, signal),
    enabled: needsRecord && !!id && !!load,
    // A form edits one snapshot: refetching under the user's hands would overwrite their typing,
    // and keeping it after leaving would bring back a stale lockVersion next time.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  // Only a newly loaded record fills the form; toValues is usually a fresh inline arrow each render.
  const fill = useEffectEvent((loaded: R) => {
    form.setFieldsValue((toValues ? toValues(loaded) : loaded) as Parameters<typeof form.setFieldsValue>[0]);
  });
  const described = mode === 'detail' && !!detail;
  useEffect(() => {
    // A described detail has no form to fill.
    if (record.data && !described) fill(record.data);
  }, [record.data, described]);

  const goBack = () => {
    // 'default' is the key of the first entry: opened directly, there is no page behind this one.
    if (location.key !== 'default') navigate(-1);
    else navigate(backTo ?? (location.pathname.replace(/\/[^/]*\/?$/, '') || '/'));
  };

  const onFinish = async (values: V) => {
    if (!save || mode === 'detail') return;
    const context: SaveContext<R> = { mode, id, record: record.data };
    setSaving(true);
    setSaveError(null);
    try {
      const result = await save(values, context);
      if (onSaved) onSaved(result, context);
      else {
        message.success('保存成功');
        goBack();
      }
    } catch (error) {
      setSaveError(errorMessage(error));
      if (error instanceof ApiError) {
        const fields = fieldErrorsOf(error);
        if (fields.length) form.setFields(fields as Parameters<typeof form.setFields>[0]);
      }
    } finally {
      setSaving(false);
    }
  };

  const missingId = needsRecord && !id;
  const loadError = missingId ? `缺少${entityName}编号，无法打开${label}页面` : record.error ? errorMessage(record.error) : null;
  const loading = needsRecord && record.isPending && !missingId && !!load;

  if (described) {
    const page = location.pathname.replace(/\/+$/, '').split('/').pop()!.replace(/Detail$/, 'Upd');
    return (
      <DetailView
        title={titleOf(mode, label, entityName)}
        items={record.data ? detail.items(record.data) : undefined}
        tabs={record.data ? detail.tabs?.(record.data) : undefined}
        header={record.data ? detail.header?.(record.data) : undefined}
        column={detail.column}
        loading={loading}
        error={loadError}
        onRetry={missingId ? undefined : () => void record.refetch()}
        editPermission={detail.editPermission}
        onEdit={id ? () => navigate(siblingPath(location.pathname, page, { id })) : undefined}
        onBack={goBack}
        actions={extraButtons}
      />
    );
  }

  return (
    <Card title={titleOf(mode, label, entityName)}>
      {loadError && <LoadError message={loadError} onRetry={missingId ? undefined : () => record.refetch()} />}
      <Spin spinning={loading}>
        <Form<V>
          layout="horizontal"
          labelCol={{ flex: '120px' }}
          wrapperCol={{ flex: 'auto' }}
          scrollToFirstError
          {...formProps}
          name={formProps?.name ?? formName}
          form={form}
          initialValues={mode === 'add' ? initialValues : undefined}
          disabled={readOnly || (needsRecord && !!load && !record.data)}
          onFinish={(values) => void onFinish(values)}
          onValuesChange={(changed, all) => {
            setSaveError(null);
            formProps?.onValuesChange?.(changed, all);
          }}
        >
          {children}
          {saveError && <Alert type="error" showIcon title={saveError} style={{ marginBottom: 16 }} />}
          <Form.Item label={null}>
            <Space>
              {!readOnly && save && (
                <BusyButton type="primary" htmlType="submit" busy={saving}>
                  保存
                </BusyButton>
              )}
              {extraButtons}
              {/* 返回 stays usable in a disabled (detail) form. */}
              <Button onClick={goBack} disabled={false}>
                返回
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Spin>
    </Card>
  );
}
