CREATE TABLE "sys_role_data_org" (
	"role_id" bigint NOT NULL,
	"org_id" bigint NOT NULL,
	CONSTRAINT "sys_role_data_org_role_id_org_id_pk" PRIMARY KEY("role_id","org_id")
);
