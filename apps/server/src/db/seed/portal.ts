/** Demo portal content so that a new installation's home page is not empty. */
export const DEFAULT_SITE = {
  siteCode: 'dandelion',
  siteName: '蒲公英科技奖励申报平台',
  displayName: '蒲公英科技奖励申报平台',
  /** What registration asks every user to accept (site content the office edits in 站点设置 › 注册须知). */
  userAgreement:
    '一、本平台为科技奖励的申报、评审与公示提供服务。\n二、用户应如实填写注册信息，对所提交材料的真实性负责。\n三、用户应妥善保管账号和密码，因保管不善造成的后果由用户承担。\n四、不得利用本平台从事违法违规活动。',
  privacyPolicy:
    '一、我们仅为申报、评审与公示之目的收集您的姓名、手机号、邮箱、证件号码和所在单位。\n二、证件号码加密存储，向他人展示时脱敏。\n三、除法律法规规定外，我们不会向第三方提供您的个人信息。\n四、您可以在个人中心查看和更正个人资料。',
};

export interface CatalogSeed {
  code: string;
  name: string;
  articles: Array<{ title: string; summary: string; body: string; daysAgo: number; isTop?: boolean }>;
}

const p = (text: string) => `<p>${text}</p>`;

export const DEMO_CATALOGS: CatalogSeed[] = [
  {
    code: 'notification',
    name: '通知公告',
    articles: [
      { title: '关于开展2026年度科学技术奖提名工作的通知', summary: '2026年度科学技术奖提名工作现已启动，请各提名单位按要求组织申报。', body: p('根据科学技术奖励工作安排，2026年度科学技术奖提名工作现已启动。请各提名单位认真组织，按时在本平台完成网上提名。'), daysAgo: 1, isTop: true },
      { title: '申报系统开放时间安排', summary: '申报系统每日开放，材料提交截止前三天请避开高峰时段。', body: p('申报系统全天开放。为保证材料顺利提交，请申报人尽早完成填报，避免在截止日前集中提交。'), daysAgo: 3 },
      { title: '关于评审专家库补充遴选的通知', summary: '现面向社会补充遴选评审专家，欢迎符合条件的专家申请入库。', body: p('为进一步完善评审专家库，现面向社会补充遴选评审专家。符合条件的专家可在平台注册后提交入库申请。'), daysAgo: 6 },
    ],
  },
  {
    code: 'policy',
    name: '政策文件',
    articles: [
      { title: '科学技术奖励办法', summary: '规范科学技术奖励的设置、提名、评审与授奖。', body: p('为奖励在科学技术进步活动中做出突出贡献的个人和组织，调动科学技术工作者的积极性和创造性，制定本办法。'), daysAgo: 10 },
      { title: '科学技术奖提名制实施细则', summary: '明确提名单位、提名专家的资格条件和提名程序。', body: p('本细则对提名单位和提名专家的资格条件、提名程序、提名材料要求等作出规定。'), daysAgo: 20 },
    ],
  },
  {
    code: 'news',
    name: '新闻动态',
    articles: [
      { title: '2025年度科学技术奖励大会召开', summary: '大会表彰了一批在科技创新中做出突出贡献的集体和个人。', body: p('2025年度科学技术奖励大会隆重召开，会议表彰了在基础研究、技术发明和科技进步方面做出突出贡献的集体和个人。'), daysAgo: 2 },
      { title: '申报平台完成升级，支持手机号登录', summary: '平台升级后支持手机号验证码登录，申报流程更加便捷。', body: p('为方便申报人使用，申报平台完成升级，新增手机号验证码登录，并优化了材料上传体验。'), daysAgo: 8 },
    ],
  },
  {
    code: 'introduce',
    name: '奖项介绍',
    articles: [
      { title: '自然科学奖', summary: '授予在基础研究和应用基础研究中阐明自然现象、特征和规律，做出重大科学发现的个人。', body: p('自然科学奖授予在基础研究和应用基础研究中阐明自然现象、特征和规律，做出重大科学发现的个人。'), daysAgo: 30 },
      { title: '技术发明奖', summary: '授予运用科学技术知识做出产品、工艺、材料及其系统等重大技术发明的个人。', body: p('技术发明奖授予运用科学技术知识做出产品、工艺、材料、器件及其系统等重大技术发明的个人。'), daysAgo: 30 },
      { title: '科学技术进步奖', summary: '授予在应用推广先进科学技术成果、完成重大科学技术工程中做出突出贡献的个人和组织。', body: p('科学技术进步奖授予在应用推广先进科学技术成果，完成重大科学技术工程、计划、项目等方面做出突出贡献的个人和组织。'), daysAgo: 30 },
    ],
  },
  {
    code: 'fund',
    name: '基金项目',
    articles: [
      { title: '青年科技人才培育基金项目申报指南', summary: '支持青年科技人才开展原创性研究，资助期限两年。', body: p('本基金面向四十周岁以下青年科技人才，支持其围绕重点领域开展原创性、探索性研究，资助期限为两年。'), daysAgo: 5 },
    ],
  },
  {
    code: 'national',
    name: '国家奖励',
    articles: [
      { title: '国家科学技术奖励工作概况', summary: '国家科学技术奖包括最高科学技术奖、自然科学奖、技术发明奖、科学技术进步奖和国际科学技术合作奖。', body: p('国家科学技术奖励是对在科学技术活动中做出突出贡献的个人和组织的最高褒奖。'), daysAgo: 40 },
    ],
  },
  {
    code: 'apply',
    name: '申报指南',
    articles: [
      { title: '网上申报操作指南', summary: '从注册账号、填写申报书到提交材料的完整步骤说明。', body: p('申报人注册并完成实名认证后，可在申报入口选择奖项，按提示填写申报书、上传附件并提交推荐单位审核。'), daysAgo: 4 },
    ],
  },
  {
    code: 'show',
    name: '成果展示',
    articles: [
      { title: '新型高效光伏材料研究成果', summary: '该成果将光电转换效率提升至新的水平，已在多地示范应用。', body: p('项目团队经过多年攻关，研制出新型高效光伏材料，光电转换效率显著提升，已在多地开展示范应用。'), daysAgo: 12 },
    ],
  },
  {
    code: 'query',
    name: '结果查询',
    articles: [
      { title: '2025年度科学技术奖评审结果公示', summary: '现将2025年度科学技术奖评审结果予以公示，公示期七天。', body: p('经评审委员会评审，现将2025年度科学技术奖评审结果予以公示。公示期内如有异议，请通过投诉建议渠道反映。'), daysAgo: 7 },
    ],
  },
  {
    code: 'declare',
    name: '申报入口',
    articles: [
      { title: '2026年度科学技术奖申报入口', summary: '申报时间：即日起至截止日，逾期不予受理。', body: p('请申报人登录平台后进入申报中心，选择相应奖项类别开始填报。'), daysAgo: 1 },
    ],
  },
  {
    code: 'other',
    name: '互动交流',
    articles: [
      { title: '联系我们', summary: '平台运营与技术支持联系方式。', body: p('工作时间：周一至周五 9:00—17:00。如在申报过程中遇到问题，请通过投诉建议提交，我们会尽快答复。'), daysAgo: 60 },
    ],
  },
];
