import { Col, Form, Input, Radio, Row, Select } from 'antd';
import { countRichTextCharacters } from '@dandelion/shared';
import { basicSection, DECLARATION_CATEGORY_LABELS, MAX_DISCIPLINES, SECRECY_LEVEL_LABELS } from '@dandelion/shared/award/declarationContent';
import { PRIZE_GRADE_LABELS } from '@dandelion/shared/award/prize';
import { rulesOf } from '../../../../components/form/zodRules';
import { richTextMaxLengthRule } from '../../../../components/RichTextEditor';
import { optionsOf } from '../../../../lib/options';
import type { Declaration } from '../../api';
import { isoDateProps, IsoDatePicker } from './dateField';
import { OrgSelect } from './OrgSelect';
import { TaskSourceField } from './TaskSourcePicker';

const rules = rulesOf(basicSection);

/** 基本情况: the project, its grade and disciplines, task sources, dates, the units and a contact. */
export function BasicFields({ declaration, disabled }: { declaration: Declaration; disabled: boolean }) {
  const titleLimit = declaration.formConfig.wordLimits.title;
  const grade = Form.useWatch('proposedGrade') as string | undefined;
  const cap = declaration.grades.find((g) => g.grade === grade);
  return (
    <>
      <Form.Item
        name="title"
        label="项目名称"
        rules={[...rules.title, ...(titleLimit ? [richTextMaxLengthRule(titleLimit)] : [])]}
      >
        <Input placeholder="请输入项目名称" count={titleLimit ? { show: true, max: titleLimit, strategy: (text) => countRichTextCharacters(text) } : undefined} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="proposedGrade"
            label="推荐等级"
            rules={rules.proposedGrade}
            extra={cap ? `该等级主要完成人不超过 ${cap.maxPersons} 人，主要完成单位不超过 ${cap.maxUnits} 个` : undefined}
          >
            <Select
              allowClear
              placeholder="请选择推荐等级"
              options={declaration.grades.map((g) => ({ value: g.grade, label: PRIZE_GRADE_LABELS[g.grade] }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="category" label="项目类别" rules={rules.category}>
            <Select allowClear placeholder="请选择项目类别" options={optionsOf(DECLARATION_CATEGORY_LABELS)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="disciplineCodes" label="学科代码" rules={rules.disciplineCodes} extra={`最多 ${MAX_DISCIPLINES} 个，输入后按回车或逗号`}>
            <Select mode="tags" maxCount={MAX_DISCIPLINES} placeholder="如 470.1020" tokenSeparators={[',', '，', ' ']} suffixIcon={null} notFoundContent={null} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="secrecy" label="密级" rules={rules.secrecy}>
            <Radio.Group options={optionsOf(SECRECY_LEVEL_LABELS)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="keywords" label="关键词" rules={rules.keywords} extra="最多 8 个，输入后按回车或逗号">
        <Select mode="tags" maxCount={8} placeholder="请输入关键词" tokenSeparators={[',', '，', ';', '；']} suffixIcon={null} notFoundContent={null} />
      </Form.Item>
      <Form.Item name="taskSources" label="任务来源" rules={rules.taskSources}>
        <TaskSourceField disabled={disabled} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="startDate" label="项目起始日期" rules={rules.startDate} {...isoDateProps}>
            <IsoDatePicker placeholder="请选择日期" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="endDate" label="项目完成日期" rules={rules.endDate} {...isoDateProps}>
            <IsoDatePicker placeholder="请选择日期" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="unitOrgId" label="申报单位" rules={rules.unitOrgId}>
            <OrgSelect kind="UNIT" currentName={declaration.unitOrgName} disabled={disabled} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="nominatorOrgId" label="提名单位" rules={rules.nominatorOrgId}>
            <OrgSelect kind="NOMINATOR" currentName={declaration.nominatorOrgName} disabled={disabled} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="contactName" label="联系人" rules={rules.contactName}>
            <Input placeholder="请输入联系人" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="contactPhone" label="联系电话" rules={rules.contactPhone}>
            <Input placeholder="请输入手机号码" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="contactEmail" label="联系邮箱" rules={rules.contactEmail}>
            <Input placeholder="请输入邮箱" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
