import { useRef, useState } from 'react';
import { App, Col, Form, Input, InputNumber, Row, Select, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { CMS_SETTING_PERMISSIONS as P } from '@dandelion/shared/cms/setting';
import { PORTAL_COMPONENT_LABELS, TEMPLATE_STYLE_LABELS, TEMPLATE_TYPE_LABELS, templateBody } from '@dandelion/shared/cms/template';
import { ActionBar } from '../../../components/ActionBar';
import { applySearch, PagedTable, type PagedColumn, type PagedTableHandle } from '../../../components/PagedTable';
import { SearchForm, type SearchField, type SearchFormHandle } from '../../../components/SearchForm';
import { DUPLICATE_CHECK_DEBOUNCE_MS, duplicateRule, rulesOf } from '../../../components/form';
import { addTemplate, deleteTemplate, fetchTemplatePage, TEMPLATE_TABLE_KEY, updateTemplate, type CmsTemplate, type TemplateSearch, type TemplateValues } from './api';
import { ImageField, useImageSrc } from './ImageField';
import { RecordModal, type RecordMode } from './RecordModal';
import { useRowAction } from './useRowAction';
import { optionsOf } from '../../../lib/options';

/** The same rules and messages the server applies (packages/shared/src/cms/template.ts). */
const rules = rulesOf(templateBody);

const SEARCH_FIELDS: SearchField[] = [
  { name: 'templateName', label: '模板名称' },
  { name: 'templateCode', label: '模板编码' },
  { name: 'templateType', label: '模板类型', type: 'select', options: optionsOf(TEMPLATE_TYPE_LABELS) },
];
const COMPONENT_OPTIONS = Object.entries(PORTAL_COMPONENT_LABELS).map(([value, label]) => ({ value, label: `${value}（${label}）` }));
const BLANK: Partial<TemplateValues> = { templateType: 'LIST', templateStyle: 'LIST', componentName: 'ContentList', sort: 0 };

/** 模板: which registered portal component renders a site's home page or a catalogue's list/detail. */
export function TemplateTab({ onChanged }: { onChanged?(): void }) {
  const { message } = App.useApp();
  const table = useRef<PagedTableHandle>(null);
  const searchForm = useRef<SearchFormHandle>(null);
  const [search, setSearch] = useState<TemplateSearch>({});
  const [editing, setEditing] = useState<{ mode: RecordMode; template?: CmsTemplate } | null>(null);
  const [form] = Form.useForm<TemplateValues>();
  const src = useImageSrc();

  const refresh = async () => {
    await table.current?.refresh();
    onChanged?.();
  };
  const act = useRowAction(refresh);

  const columns: PagedColumn<CmsTemplate>[] = [
    {
      key: 'thumbnail', title: '预览', dataIndex: 'thumbnailUrl', width: 90,
      render: (url: string | null) => (url ? <img src={src(url)} alt="模板预览" style={{ width: 64, height: 40, objectFit: 'cover' }} /> : '-'),
    },
    { key: 'templateCode', title: '模板编码', dataIndex: 'templateCode', width: 140 },
    { key: 'templateName', title: '模板名称', dataIndex: 'templateName' },
    { key: 'templateType', title: '类型', dataIndex: 'templateType', width: 100, render: (v: string) => <Tag>{TEMPLATE_TYPE_LABELS[v as 'LIST'] ?? v}</Tag> },
    { key: 'templateStyle', title: '展示样式', dataIndex: 'templateStyle', width: 90, render: (v: string | null) => (v ? (TEMPLATE_STYLE_LABELS[v as 'LIST'] ?? v) : '-') },
    { key: 'componentName', title: '门户组件', dataIndex: 'componentName' },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 70 },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 180,
      render: (_: unknown, row: CmsTemplate) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'upd', label: '修改', permission: P.upd, onClick: () => setEditing({ mode: 'upd', template: row }) },
            { key: 'detail', label: '详情', permission: P.list, onClick: () => setEditing({ mode: 'detail', template: row }) },
            {
              key: 'del', label: '删除', permission: P.del, danger: true, overflow: true,
              confirm: { title: `确定删除模板「${row.templateName}」吗？`, description: '仍有栏目使用的模板不能删除。' },
              onClick: () => act(() => deleteTemplate(row.templateId, row.lockVersion), '删除成功'),
            },
          ]}
        />
      ),
    },
  ];

  const template = editing?.template;
  return (
    <>
      <SearchForm<TemplateSearch>
        ref={searchForm}
        name="cms-template-search"
        fields={SEARCH_FIELDS}
        onSearch={(values) => applySearch(values, search, setSearch, () => table.current?.refresh())}
      />
      <PagedTable<CmsTemplate, TemplateSearch>
        ref={table}
        tableKey={TEMPLATE_TABLE_KEY}
        fetcher={fetchTemplatePage}
        params={search}
        columns={columns}
        rowKey="templateId"
        onClearSearch={() => searchForm.current?.clear()}
        empty={{ what: '模板', hint: '模板决定门户首页、栏目列表或详情页用哪个组件展示，新增后可在站点或栏目中选用。', add: { permission: P.add, onClick: () => setEditing({ mode: 'add' }) } }}
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => setEditing({ mode: 'add' }) }]} />}
      />
      <RecordModal<TemplateValues>
        entityName="模板"
        mode={editing?.mode ?? 'add'}
        open={!!editing}
        form={form}
        initialValues={template ? (template as Partial<TemplateValues>) : BLANK}
        onClose={() => setEditing(null)}
        onSave={async (values) => {
          const body = { ...values, templateStyle: values.templateStyle ?? null };
          if (editing?.mode === 'upd' && template) await updateTemplate(template.templateId, template.lockVersion, body);
          else await addTemplate(body);
          message.success(editing?.mode === 'upd' ? '修改成功' : '新增成功');
          await refresh();
        }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="templateCode"
              label="模板编码"
              rules={[
                ...rules.templateCode,
                duplicateRule({ tableName: 'cmsTemplate', fieldName: 'templateCode', dataId: template?.templateId, schema: templateBody.shape.templateCode }),
              ]}
              validateDebounce={DUPLICATE_CHECK_DEBOUNCE_MS}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="templateName" label="模板名称" rules={rules.templateName}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="templateType" label="模板类型" rules={rules.templateType}>
              <Select options={optionsOf(TEMPLATE_TYPE_LABELS)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="templateStyle" label="展示样式" rules={rules.templateStyle}>
              <Select allowClear options={optionsOf(TEMPLATE_STYLE_LABELS)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="componentName" label="门户组件" rules={rules.componentName}>
              <Select options={COMPONENT_OPTIONS} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="componentPath" label="组件路径" rules={rules.componentPath}>
              <Input placeholder="可选，如 portal/content/ContentList" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="thumbnail" label="预览图" rules={rules.thumbnail}>
              <ImageField initialUrl={template?.thumbnailUrl} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sort" label="排序" rules={rules.sort}>
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label="备注" rules={rules.remark}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
        </Row>
      </RecordModal>
    </>
  );
}
