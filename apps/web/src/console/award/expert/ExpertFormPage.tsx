import { DisciplinePicker } from '../../../components/DisciplinePicker';
import { Button, Card, Col, Divider, Form, Input, InputNumber, Row, Select, Space, Table } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { RELATION_KIND_LABELS, type RelationKind } from '@dandelion/shared/award/assignmentConflicts';
import { EXPERT_PERMISSIONS, EXPERT_SOURCE_LABELS } from '@dandelion/shared/award/expert';
import {
  EXPERT_GENDER_LABELS,
  expertFormerUnit,
  expertProfile,
  expertRelation,
  MAX_EXPERT_DISCIPLINES,
  MAX_EXPERT_FORMER_UNITS,
  MAX_EXPERT_KEYWORDS,
  MAX_EXPERT_RELATIONS,
  type ExpertGender,
} from '@dandelion/shared/award/expertProfile';
import { auditItems, multilineOf, tagsOf, textOf } from '../../../components/detail';
import { FormPage, rulesOf, useFormMode } from '../../../components/form';
import { optionsOf } from '../../../lib/options';
import { expertApi, type ExpertDetail, type ExpertValues } from './api';
import { expertStatusTag } from './expertStatus';

/** The same rules and messages the server applies (packages/shared/src/award/expertProfile.ts). */
const rules = rulesOf(expertProfile);
const unitRules = rulesOf(expertFormerUnit);
const relationRules = rulesOf(expertRelation);
const DATE_PLACEHOLDER = 'YYYY-MM-DD';

function FormerUnitsField() {
  return (
    <Form.List name="formerUnits">
      {(items, { add, remove }) => (
        <>
          {items.map(({ key, name }) => (
            <Space key={key} align="baseline" wrap style={{ display: 'flex', marginBottom: 8 }}>
              <Form.Item name={[name, 'unitName']} rules={unitRules.unitName} style={{ marginBottom: 0 }}>
                <Input placeholder="单位名称" style={{ width: 220 }} maxLength={128} />
              </Form.Item>
              <Form.Item name={[name, 'creditCode']} rules={unitRules.creditCode} style={{ marginBottom: 0 }}>
                <Input placeholder="统一社会信用代码（选填）" style={{ width: 210 }} maxLength={18} />
              </Form.Item>
              <Form.Item name={[name, 'from']} rules={unitRules.from} style={{ marginBottom: 0 }}>
                <Input placeholder={`开始 ${DATE_PLACEHOLDER}`} style={{ width: 150 }} />
              </Form.Item>
              <Form.Item name={[name, 'until']} rules={unitRules.until} style={{ marginBottom: 0 }}>
                <Input placeholder={`结束 ${DATE_PLACEHOLDER}`} style={{ width: 150 }} />
              </Form.Item>
              <MinusCircleOutlined aria-label="删除曾任职单位" onClick={() => remove(name)} />
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} disabled={items.length >= MAX_EXPERT_FORMER_UNITS} onClick={() => add({ unitName: '', creditCode: '', from: '', until: '' })}>
            添加曾任职单位
          </Button>
        </>
      )}
    </Form.List>
  );
}

function RelationsField() {
  return (
    <Form.List name="relations">
      {(items, { add, remove }) => (
        <>
          {items.map(({ key, name }) => (
            <Card key={key} size="small" style={{ marginBottom: 8 }} extra={<MinusCircleOutlined aria-label="删除回避关系" onClick={() => remove(name)} />}>
              <Row gutter={12}>
                <Col xs={24} md={6}>
                  <Form.Item name={[name, 'kind']} label="关系类型" rules={relationRules.kind}>
                    <Select options={optionsOf(RELATION_KIND_LABELS)} placeholder="请选择" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item name={[name, 'personName']} label="关系人姓名" rules={relationRules.personName}>
                    <Input maxLength={64} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item name={[name, 'personIdNumber']} label="关系人证件号码" rules={relationRules.personIdNumber}>
                    <Input maxLength={18} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item name={[name, 'unitName']} label="关系单位" rules={relationRules.unitName}>
                    <Input maxLength={128} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item name={[name, 'creditCode']} label="单位信用代码" rules={relationRules.creditCode}>
                    <Input maxLength={18} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item name={[name, 'from']} label="开始日期" rules={relationRules.from}>
                    <Input placeholder={DATE_PLACEHOLDER} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item name={[name, 'until']} label="结束日期" rules={relationRules.until} extra="不填表示持续">
                    <Input placeholder={DATE_PLACEHOLDER} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item name={[name, 'note']} label="说明" rules={relationRules.note}>
                    <Input maxLength={200} />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} disabled={items.length >= MAX_EXPERT_RELATIONS} onClick={() => add({ kind: 'KIN' })}>
            添加回避关系
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** The detail page's two lists, as small tables. */
function detailTables(e: ExpertDetail) {
  return [
    {
      key: 'formerUnits',
      label: '曾任职单位',
      children: (
        <Table
          size="small"
          pagination={false}
          dataSource={e.formerUnits.map((u, i) => ({ ...u, key: i }))}
          locale={{ emptyText: '没有曾任职单位' }}
          columns={[
            { title: '单位名称', dataIndex: 'unitName' },
            { title: '统一社会信用代码', dataIndex: 'creditCode', render: textOf },
            { title: '开始', dataIndex: 'from', render: textOf },
            { title: '结束', dataIndex: 'until', render: textOf },
          ]}
        />
      ),
    },
    {
      key: 'relations',
      label: '回避关系',
      children: (
        <Table
          size="small"
          pagination={false}
          dataSource={e.relations.map((r, i) => ({ ...r, key: i }))}
          locale={{ emptyText: '没有申报回避关系' }}
          columns={[
            { title: '关系类型', dataIndex: 'kind', render: (k: RelationKind) => RELATION_KIND_LABELS[k] },
            { title: '关系人', dataIndex: 'personName', render: textOf },
            { title: '证件号码', dataIndex: 'personIdNumber', render: textOf },
            { title: '关系单位', dataIndex: 'unitName', render: textOf },
            { title: '开始', dataIndex: 'from', render: textOf },
            { title: '结束', dataIndex: 'until', render: (v: string | null) => v ?? '持续' },
            { title: '说明', dataIndex: 'note', render: textOf },
          ]}
        />
      ),
    },
  ];
}

/** /award/expert/expertAdd | expertUpd?id= | expertDetail?id=: the expert's profile (the office adds straight into the pool). */
export default function ExpertFormPage() {
  const [form] = Form.useForm<ExpertValues>();
  const { mode } = useFormMode();
  return (
    <FormPage<ExpertValues, ExpertDetail>
      entityName="专家"
      form={form}
      // Two and three fields to a row: labels above their fields, so none is cut or pushed out of line.
      formProps={{ layout: 'vertical', labelCol: undefined, wrapperCol: undefined }}
      load={(id, signal) => expertApi.detail(id, signal)}
      toValues={(e) => ({ ...e, phone: e.phone ?? '' })}
      initialValues={{ disciplineCodes: [], keywords: [], formerUnits: [], relations: [] }}
      save={(values, { mode: saving, id, record }) => (saving === 'add' ? expertApi.add(values) : expertApi.update(id!, record!.lockVersion, values))}
      detail={{
        editPermission: EXPERT_PERMISSIONS.upd,
        items: (e) => [
          { label: '姓名', value: e.name },
          { label: '状态', value: expertStatusTag(e.status) },
          { label: '性别', value: e.gender ? EXPERT_GENDER_LABELS[e.gender] : '—' },
          { label: '出生年份', value: textOf(e.birthYear) },
          { label: '证件号码', value: textOf(e.idNumber) },
          { label: '手机号码', value: textOf(e.phone) },
          { label: '邮箱', value: textOf(e.email) },
          { label: '职称', value: textOf(e.title) },
          { label: '职务', value: textOf(e.position) },
          { label: '工作单位', value: textOf(e.unitName) },
          { label: '单位统一社会信用代码', value: textOf(e.unitCreditCode) },
          { label: '所在地区代码', value: textOf(e.region) },
          { label: '学科代码', value: tagsOf(e.disciplineCodes) },
          { label: '研究方向关键词', value: tagsOf(e.keywords) },
          { label: '来源', value: EXPERT_SOURCE_LABELS[e.source] },
          { label: '已关联账号', value: e.userId ? '是' : '否' },
          e.statusReason ? { label: '状态说明', value: e.statusReason, span: 'filled' as const } : null,
          e.statusUntil ? { label: '截止日期', value: e.statusUntil } : null,
          { label: '备注', value: multilineOf(e.remark), span: 'filled' as const },
          ...auditItems(e),
        ],
        tabs: detailTables,
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label="姓名" rules={rules.name}>
            <Input placeholder="请输入姓名" maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label="手机号码" rules={rules.phone}>
            <Input placeholder="请输入手机号码" maxLength={11} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="idNumber" label="证件号码" rules={rules.idNumber} extra={mode === 'upd' ? '显示为脱敏号码；不修改则保留原号码' : undefined}>
            <Input placeholder="居民身份证号或护照号" maxLength={18} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="gender" label="性别" rules={rules.gender}>
            <Select allowClear placeholder="请选择" options={optionsOf(EXPERT_GENDER_LABELS) as Array<{ value: ExpertGender; label: string }>} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="birthYear" label="出生年份" rules={rules.birthYear}>
            <InputNumber style={{ width: '100%' }} placeholder="如 1970" precision={0} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label="邮箱" rules={rules.email}>
            <Input placeholder="选填" maxLength={128} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="title" label="职称" rules={rules.title}>
            <Input placeholder="如 教授、研究员" maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="position" label="职务" rules={rules.position}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="unitName" label="工作单位" rules={rules.unitName}>
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="unitCreditCode" label="单位统一社会信用代码" rules={rules.unitCreditCode}>
            <Input maxLength={18} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="region" label="所在地区代码" rules={rules.region}>
            <Input placeholder="行政区划代码，如 110105" maxLength={12} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="disciplineCodes" label="学科" rules={rules.disciplineCodes} extra={`最多 ${MAX_EXPERT_DISCIPLINES} 个，第一个为主学科；可按代码或名称搜索`}>
            <DisciplinePicker max={MAX_EXPERT_DISCIPLINES} placeholder="请选择学科（GB/T 13745）" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="keywords" label="研究方向关键词" rules={rules.keywords} extra={`最多 ${MAX_EXPERT_KEYWORDS} 个，每个不超过 20 个字`}>
            <Select mode="tags" maxCount={MAX_EXPERT_KEYWORDS} open={false} tokenSeparators={[',', '，', '、']} placeholder="输入关键词后回车" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">曾任职单位</Divider>
      <FormerUnitsField />
      <Divider titlePlacement="start">回避关系</Divider>
      <RelationsField />
      <Divider />
      <Form.Item name="remark" label="备注" rules={rules.remark}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormPage>
  );
}
