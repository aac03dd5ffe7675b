import { Button, Card, Col, Form, Input, Row, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { RELATION_KIND_LABELS } from '@dandelion/shared/award/assignmentConflicts';
import { expertFormerUnit, expertProfileFields, expertRelation, MAX_EXPERT_FORMER_UNITS, MAX_EXPERT_RELATIONS } from '@dandelion/shared/award/expertProfile';
import { optionsOf } from '../../lib/options';
import { IsoDatePicker, isoDateProps } from '../declare/form/sections/dateField';
import { itemRules, listRules } from './itemRules';

const kindOptions = optionsOf(RELATION_KIND_LABELS);

function RemoveButton({ label, onClick, disabled }: { label: string; onClick(): void; disabled: boolean }) {
  return <Button type="text" danger icon={<DeleteOutlined />} aria-label={label} onClick={onClick} disabled={disabled} />;
}

/** 曾任职单位: recent former units count as the expert's own unit when conflicts are checked. */
export function FormerUnitsList({ disabled }: { disabled: boolean }) {
  return (
    <Form.List name="formerUnits" rules={listRules(expertProfileFields.formerUnits)}>
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map(({ key, name }) => {
            const rules = (field: string) => itemRules('formerUnits', name, expertFormerUnit, field);
            return (
              <Card key={key} size="small" className="dl-expert-item" title={`曾任职单位 ${name + 1}`} extra={<RemoveButton label={`删除曾任职单位 ${name + 1}`} onClick={() => remove(name)} disabled={disabled} />}>
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item name={[name, 'unitName']} label="单位名称" rules={rules('unitName')}>
                      <Input placeholder="请输入单位名称" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name={[name, 'creditCode']} label="统一社会信用代码" rules={rules('creditCode')}>
                      <Input placeholder="18 位统一社会信用代码" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name={[name, 'from']} label="开始日期" rules={rules('from')} {...isoDateProps}>
                      <IsoDatePicker placeholder="请选择日期" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name={[name, 'until']} label="结束日期" rules={rules('until')} dependencies={[['formerUnits', name, 'from']]} extra="仍在职可不填" {...isoDateProps}>
                      <IsoDatePicker placeholder="请选择日期" />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} disabled={disabled || fields.length >= MAX_EXPERT_FORMER_UNITS} block>
            添加曾任职单位
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** 回避关系: kin, advisor or student, co-authors and collaborators — a person or a unit, with dates. */
export function RelationsList({ disabled }: { disabled: boolean }) {
  return (
    <Form.List name="relations" rules={listRules(expertProfileFields.relations)}>
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map(({ key, name }) => {
            const rules = (field: string) => itemRules('relations', name, expertRelation, field);
            const sibling = (field: string) => ['relations', name, field];
            return (
              <Card key={key} size="small" className="dl-expert-item" title={`回避关系 ${name + 1}`} extra={<RemoveButton label={`删除回避关系 ${name + 1}`} onClick={() => remove(name)} disabled={disabled} />}>
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item name={[name, 'kind']} label="关系类型" rules={rules('kind')}>
                      <Select placeholder="请选择关系类型" options={kindOptions} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name={[name, 'personName']}
                      label="关系人姓名"
                      rules={rules('personName')}
                      dependencies={[sibling('personIdNumber'), sibling('unitName'), sibling('creditCode')]}
                      extra="关系人与关系单位至少填写一项"
                    >
                      <Input placeholder="请输入姓名" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name={[name, 'personIdNumber']} label="关系人证件号码" rules={rules('personIdNumber')}>
                      <Input placeholder="请输入证件号码" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name={[name, 'unitName']} label="关系单位名称" rules={rules('unitName')}>
                      <Input placeholder="请输入单位名称" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name={[name, 'creditCode']} label="关系单位统一社会信用代码" rules={rules('creditCode')}>
                      <Input placeholder="18 位统一社会信用代码" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name={[name, 'note']} label="说明" rules={rules('note')}>
                      <Input placeholder="如：博士导师、近三年合作论文" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name={[name, 'from']} label="开始日期" rules={rules('from')} {...isoDateProps}>
                      <IsoDatePicker placeholder="请选择日期" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name={[name, 'until']} label="结束日期" rules={rules('until')} dependencies={[sibling('from')]} extra="关系仍存续可不填" {...isoDateProps}>
                      <IsoDatePicker placeholder="请选择日期" />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} disabled={disabled || fields.length >= MAX_EXPERT_RELATIONS} block>
            添加回避关系
          </Button>
        </>
      )}
    </Form.List>
  );
}
