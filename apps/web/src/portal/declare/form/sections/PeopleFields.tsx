import { Col, Form, Input, Row } from 'antd';
import { completerEntry, unitEntry, type BasicSection } from '@dandelion/shared/award/declarationContent';
import { PRIZE_GRADE_LABELS } from '@dandelion/shared/award/prize';
import { rulesOf } from '../../../../components/form/zodRules';
import type { Declaration } from '../../api';
import { OrderedList } from './OrderedList';

const personRules = rulesOf(completerEntry);
const unitRules = rulesOf(unitEntry);

/** The cap of the grade the basic section proposes, as a hint; in red once the list is over it. */
function CapHint({ declaration, what }: { declaration: Declaration; what: 'persons' | 'units' }) {
  const entries = Form.useWatch(what === 'persons' ? 'completers' : 'units') as unknown[] | undefined;
  const grade = (declaration.content.BASIC as BasicSection | null)?.proposedGrade;
  const rule = declaration.grades.find((g) => g.grade === grade);
  if (!grade || !rule) return <>在「基本情况」中选择推荐等级后，按该等级的上限检查。</>;
  const max = what === 'persons' ? rule.maxPersons : rule.maxUnits;
  const count = entries?.length ?? 0;
  const text =
    what === 'persons'
      ? `${PRIZE_GRADE_LABELS[grade]}的主要完成人不超过 ${max} 人，按贡献大小排序。`
      : `${PRIZE_GRADE_LABELS[grade]}的主要完成单位不超过 ${max} 个，按贡献大小排序。`;
  return count > max ? (
    <span className="dl-cap-exceeded" role="alert">
      {text}现有 {count} {what === 'persons' ? '人' : '个'}，超过上限。
    </span>
  ) : (
    <>{text}</>
  );
}

/** 主要完成人, in rank order. */
export function CompleterFields({ declaration, disabled }: { declaration: Declaration; disabled: boolean }) {
  return (
    <OrderedList
      name="completers"
      rankLabel={(rank) => `第${rank}完成人`}
      addText="添加完成人"
      emptyText="还没有主要完成人"
      disabled={disabled}
      hint={<CapHint declaration={declaration} what="persons" />}
      renderFields={(index) => (
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name={[index, 'name']} label="姓名" rules={personRules.name}>
              <Input placeholder="请输入姓名" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name={[index, 'idNumber']} label="证件号码" rules={personRules.idNumber}>
              <Input placeholder="身份证号或护照号" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name={[index, 'title']} label="职称" rules={personRules.title}>
              <Input placeholder="请输入职称" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name={[index, 'unitName']} label="工作单位" rules={personRules.unitName}>
              <Input placeholder="请输入工作单位" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name={[index, 'phone']} label="手机号码" rules={personRules.phone}>
              <Input placeholder="请输入手机号码" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name={[index, 'email']} label="邮箱" rules={personRules.email}>
              <Input placeholder="请输入邮箱" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name={[index, 'contribution']} label="主要贡献" rules={personRules.contribution}>
              <Input.TextArea rows={3} placeholder="请说明对本项目的创造性贡献" />
            </Form.Item>
          </Col>
        </Row>
      )}
    />
  );
}

/** 主要完成单位, in rank order. */
export function UnitFields({ declaration, disabled }: { declaration: Declaration; disabled: boolean }) {
  return (
    <OrderedList
      name="units"
      rankLabel={(rank) => `第${rank}完成单位`}
      addText="添加完成单位"
      emptyText="还没有主要完成单位"
      disabled={disabled}
      hint={<CapHint declaration={declaration} what="units" />}
      renderFields={(index) => (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name={[index, 'unitName']} label="单位名称" rules={unitRules.unitName}>
              <Input placeholder="请输入单位名称" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={[index, 'creditCode']} label="统一社会信用代码" rules={unitRules.creditCode}>
              <Input placeholder="18 位统一社会信用代码" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name={[index, 'contribution']} label="主要贡献" rules={unitRules.contribution}>
              <Input.TextArea rows={3} placeholder="请说明本单位对项目的贡献" />
            </Form.Item>
          </Col>
        </Row>
      )}
    />
  );
}
