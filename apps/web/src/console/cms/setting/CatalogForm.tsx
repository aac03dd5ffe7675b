import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { CATALOG_CONTENT_TYPE_LABELS, CATALOG_STATUS_LABELS, CATALOG_TYPE_LABELS, catalogFields, LINK_TYPE_LABELS } from '@dandelion/shared/cms/catalog';
import { OPEN_TYPE_LABELS } from '@dandelion/shared/cms/setting';
import { TEMPLATE_TYPE_LABELS } from '@dandelion/shared/cms/template';
import { fieldRules, rulesOf } from '../../../components/form';
import { type CatalogValues, type CmsTemplate } from './api';
import { optionsOf } from '../../../lib/options';

/** The server's rules and messages; the external link's address is checked as a whole on the server, here by the URL rule. */
const rules = rulesOf(catalogFields);

export const CATALOG_DEFAULTS: Partial<CatalogValues> = {
  catalogStatus: 'ENABLE',
  catalogType: 'TITLE_COLUMN',
  linkType: 'FRONT_LINK',
  openType: 'INTERNAL_OPEN',
  catalogContentType: 'ATTILE',
  showInNav: true,
  sort: 0,
  templateId: null,
};

/** Every catalogue field of spec §3, enum selects with Chinese labels; 链接地址 only (and then required) for an external link. */
export function CatalogFields({ templates, parentName }: { templates: CmsTemplate[]; parentName: string }) {
  const linkType = Form.useWatch<string>('linkType');
  const templateOptions = templates
    .filter((t) => t.templateType !== 'INDEX')
    .map((t) => ({ value: t.templateId, label: `${t.templateName}（${TEMPLATE_TYPE_LABELS[t.templateType as 'LIST'] ?? t.templateType}）` }));
  return (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item label="上级栏目">
          <Input value={parentName} disabled />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="catalogName" label="栏目名称" rules={rules.catalogName}>
          <Input />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="code"
          label="栏目编码"
          extra="门户路由按编码找到栏目，如 notification、policy"
          rules={rules.code}
        >
          <Input />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="catalogType" label="栏目类型">
          <Select options={optionsOf(CATALOG_TYPE_LABELS)} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="catalogContentType" label="内容类型">
          <Select options={optionsOf(CATALOG_CONTENT_TYPE_LABELS)} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="linkType" label="链接类型">
          <Select options={optionsOf(LINK_TYPE_LABELS)} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="openType" label="打开方式">
          <Select options={optionsOf(OPEN_TYPE_LABELS)} />
        </Form.Item>
      </Col>
      {linkType === 'EXTERNAL_LINK' && (
        <Col span={24}>
          <Form.Item name="linkUrl" label="链接地址" rules={fieldRules(['url'], { required: '外部链接栏目请填写链接地址' })}>
            <Input placeholder="https://" />
          </Form.Item>
        </Col>
      )}
      <Col span={12}>
        <Form.Item name="templateId" label="列表模板" extra="不选则用门户默认的列表">
          <Select allowClear options={templateOptions} placeholder="默认模板" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="catalogStatus" label="状态">
          <Select options={optionsOf(CATALOG_STATUS_LABELS)} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="showInNav" label="在导航栏显示" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="sort" label="排序" extra="0 表示排在同级最后" rules={rules.sort}>
          <InputNumber style={{ width: '100%' }} precision={0} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="description" label="栏目描述" rules={rules.description}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Col>
    </Row>
  );
}
