import { z } from 'zod';
import { newPassword } from './auth';
import { endpoint } from './endpoint';
import { historyEndpoint, listEndpoints, optionsEndpoint, uploadEndpoints } from './endpoint-kits';
import { idParams, recordId, text, uniqueArray } from './input';
import { INDIAN_STATES, mobileNumber } from './members';
import { uploadResult } from './uploads';

/**
 * Field force (PRODUCT.md §3.7): Employee Management (`/dashboard/employee`) and BDE Management
 * (`/dashboard/bdeEmployee`). A BDE is an employee with field-app access: a territory, a monthly
 * onboarding target and a field-app password.
 */
export const EMPLOYEES_PAGE = '/dashboard/employee';
export const BDES_PAGE = '/dashboard/bdeEmployee';
export const EMPLOYEE_ENTITY = 'employee';
export const BDE_ENTITY = 'bde';

export const EMPLOYEE_STATUSES = ['active', 'inactive'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

export const EMPLOYEE_MESSAGES = {
  codeRequired: 'Employee code is required',
  codeFormat: 'Employee code: 2 to 20 letters, digits, dashes or slashes',
  codeTaken: 'Another employee has this code',
  mobileTaken: 'Another employee has this mobile number',
  nameRequired: 'Name is required',
  emailInvalid: 'Enter a valid email address',
  designationRequired: 'Designation is required',
  departmentRequired: 'Department is required',
  zoneRequired: 'State or zone is required',
  managerMissing: 'No employee has this id',
  managerSelf: 'An employee cannot report to themselves',
  managerLoop:
    'This manager reports (directly or indirectly) to this employee: the reporting line would form a loop',
  managerInactive: 'The manager is inactive',
  tooLong: 'At most 100 characters',
} as const;

const field = (required: string) => text(100, { required, tooLong: EMPLOYEE_MESSAGES.tooLong });

export const employeeCode = text(20, {
  required: EMPLOYEE_MESSAGES.codeRequired,
  tooLong: EMPLOYEE_MESSAGES.codeFormat,
})
  .regex(/^[A-Za-z0-9][A-Za-z0-9/_-]{1,19}$/, EMPLOYEE_MESSAGES.codeFormat)
  .transform((s) => s.toUpperCase());

const email = text(254, { tooLong: EMPLOYEE_MESSAGES.emailInvalid })
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null))
  .pipe(z.email(EMPLOYEE_MESSAGES.emailInvalid).nullable());

export const employeeCreateBody = z.object({
  code: employeeCode,
  name: field(EMPLOYEE_MESSAGES.nameRequired),
  mobile: mobileNumber,
  email,
  designation: field(EMPLOYEE_MESSAGES.designationRequired),
  department: field(EMPLOYEE_MESSAGES.departmentRequired),
  zone: field(EMPLOYEE_MESSAGES.zoneRequired),
  managerId: recordId(EMPLOYEE_MESSAGES.managerMissing).nullable().default(null),
});
export type EmployeeCreateBody = z.infer<typeof employeeCreateBody>;

/** Edit: every field but the code (imports and reports refer to it); left out stays as it is. */
export const employeeUpdateBody = z.object({
  name: field(EMPLOYEE_MESSAGES.nameRequired).optional(),
  mobile: mobileNumber.optional(),
  email: email.optional(),
  designation: field(EMPLOYEE_MESSAGES.designationRequired).optional(),
  department: field(EMPLOYEE_MESSAGES.departmentRequired).optional(),
  zone: field(EMPLOYEE_MESSAGES.zoneRequired).optional(),
  managerId: recordId(EMPLOYEE_MESSAGES.managerMissing).nullable().optional(),
});
export type EmployeeUpdateBody = z.infer<typeof employeeUpdateBody>;

export const employeeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  mobile: z.string(),
  email: z.string().nullable(),
  designation: z.string(),
  department: z.string(),
  zone: z.string(),
  managerId: z.number().int().nullable(),
  managerCode: z.string().nullable(),
  managerName: z.string().nullable(),
  status: z.enum(EMPLOYEE_STATUSES),
  isBde: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmployeeRow = z.infer<typeof employeeRow>;

export const employeeOption = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.enum(EMPLOYEE_STATUSES),
  isBde: z.boolean(),
});
export type EmployeeOption = z.infer<typeof employeeOption>;

/** The employee import: one row per employee; a manager may be an employee of the same file. */
export const EMPLOYEE_UPLOAD_COLUMNS = [
  'Employee code',
  'Name',
  'Mobile',
  'Email',
  'Designation',
  'Department',
  'State/Zone',
  'Manager code',
] as const;
export type EmployeeUploadColumn = (typeof EMPLOYEE_UPLOAD_COLUMNS)[number];
export const EMPLOYEE_IMPORT_MESSAGES = {
  codeRepeated: 'This employee code appears more than once in the file',
  mobileRepeated: 'This mobile number appears more than once in the file',
  managerUnknown: 'No employee has this code, in the file or already saved',
  managerRowBad: 'The manager’s row in this file has errors',
} as const;

export const employeeUploadResult = uploadResult;
export type EmployeeUploadResult = z.infer<typeof employeeUploadResult>;

// ---- BDEs ----------------------------------------------------------------------------------------

export const BDE_MESSAGES = {
  notEmployee: 'Choose an employee',
  alreadyBde: 'This employee is already a BDE',
  inactiveEmployee: 'The employee is inactive',
  territoryRequired: 'Give at least one state, district or pincode',
  pincode: 'Pincodes are 6 digits, not starting with 0',
  target: 'Monthly target: a whole number from 0 to 10000',
  state: 'Choose states from the list',
  membersRequired: 'Choose at least one member',
  sameBde: 'Choose another BDE to move the members to',
  targetBde: 'The BDE to move to must be an active BDE',
} as const;

const pincode = text(6, { required: BDE_MESSAGES.pincode, tooLong: BDE_MESSAGES.pincode }).regex(
  /^[1-9]\d{5}$/,
  BDE_MESSAGES.pincode,
);
const district = text(80, { required: 'District name is required' });

export const territory = z
  .object({
    states: uniqueArray(z.enum(INDIAN_STATES, { error: BDE_MESSAGES.state }), INDIAN_STATES.length).default(
      [],
    ),
    districts: uniqueArray(district, 200).default([]),
    pincodes: uniqueArray(pincode, 2000).default([]),
  })
  .refine((t) => t.states.length + t.districts.length + t.pincodes.length > 0, {
    message: BDE_MESSAGES.territoryRequired,
    path: ['states'],
  });
export type Territory = z.infer<typeof territory>;

const monthlyTarget = z
  .number({ error: BDE_MESSAGES.target })
  .int(BDE_MESSAGES.target)
  .min(0, BDE_MESSAGES.target)
  .max(10_000, BDE_MESSAGES.target);

/** Makes an employee a BDE: territory, target and the field-app password. */
export const bdeCreateBody = z.object({
  employeeId: recordId(BDE_MESSAGES.notEmployee),
  territory,
  monthlyTarget,
  password: newPassword,
});
export type BdeCreateBody = z.infer<typeof bdeCreateBody>;

export const bdeUpdateBody = z.object({
  territory: territory.optional(),
  monthlyTarget: monthlyTarget.optional(),
  active: z.boolean().optional(),
});
export type BdeUpdateBody = z.infer<typeof bdeUpdateBody>;

export const bdePasswordBody = z.object({ password: newPassword });

/** Assigns members to this BDE (from any BDE or none). */
export const bdeAssignBody = z.object({
  memberIds: uniqueArray(recordId(), 1000).min(1, BDE_MESSAGES.membersRequired),
});
/** Moves members of this BDE to another: the given ones, or all when `memberIds` is left out. */
export const bdeMoveBody = z.object({
  toBdeId: recordId(BDE_MESSAGES.targetBde),
  memberIds: uniqueArray(recordId(), 1000).min(1, BDE_MESSAGES.membersRequired).optional(),
});
export const bdeMoveResult = z.object({ moved: z.number().int() });

export const bdeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  mobile: z.string(),
  zone: z.string(),
  states: z.array(z.string()),
  districts: z.array(z.string()),
  pincodes: z.array(z.string()),
  monthlyTarget: z.number().int(),
  /** Members onboarded through the field API in the current IST month. */
  achieved: z.number().int(),
  assignedMembers: z.number().int(),
  active: z.boolean(),
  employeeStatus: z.enum(EMPLOYEE_STATUSES),
  passwordSetAt: z.string().nullable(),
  createdAt: z.string(),
});
export type BdeRow = z.infer<typeof bdeRow>;

export const bdeOption = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
});
export type BdeOption = z.infer<typeof bdeOption>;

/** A member as BDE Management's member picker and assigned list show it. */
export const bdeMemberRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  mobile: z.string(),
  type: z.string(),
  district: z.string(),
  state: z.string(),
  pincode: z.string(),
  status: z.string(),
  bdeId: z.number().int().nullable(),
  bdeName: z.string().nullable(),
  createdAt: z.string(),
});
export type BdeMemberRow = z.infer<typeof bdeMemberRow>;

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const employeeTags = ['employees'] as const;
const employeesPage = { page: EMPLOYEES_PAGE } as const;
const manageEmployees = { action: 'employees.manage' } as const;

/** Employee Management: the list and export, create and edit, deactivate, and the spreadsheet import. */
export const employeesEndpoints = {
  history: historyEndpoint('/admin/employees', { page: EMPLOYEES_PAGE }, 'employee', ['employees']),
  ...listEndpoints('/admin/employees', {
    access: employeesPage,
    row: employeeRow,
    tags: employeeTags,
    summary: 'Employees',
  }),
  // The manager picker here and the employee picker of BDE Management.
  options: optionsEndpoint('/admin/employees/options', employeeOption, 'Every employee, for pickers', [
    'employees',
  ]),
  upload: uploadEndpoints(
    {
      upload: '/admin/employees/upload',
      template: '/admin/employees/template',
      errors: '/admin/employees/upload/errors',
    },
    {
      access: employeesPage,
      write: manageEmployees,
      tags: employeeTags,
      summary:
        'Import employees from an xlsx (multipart field "file"); applyValid=true applies the good rows of a file with errors',
      result: employeeUploadResult,
    },
  ),
  one: endpoint({
    method: 'GET',
    path: '/admin/employees/:id',
    access: employeesPage,
    tags: employeeTags,
    summary: 'One employee',
    params: idParams,
    response: employeeRow,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/employees',
    access: manageEmployees,
    tags: employeeTags,
    summary: 'Add an employee',
    body: employeeCreateBody,
    response: employeeRow,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/employees/:id',
    access: manageEmployees,
    tags: employeeTags,
    summary: 'Edit an employee (not the code); a manager that would form a loop is refused',
    params: idParams,
    body: employeeUpdateBody,
    response: employeeRow,
  }),
  deactivate: endpoint({
    method: 'POST',
    path: '/admin/employees/:id/deactivate',
    access: manageEmployees,
    tags: employeeTags,
    summary: 'Deactivate an employee (a BDE is signed out of the field app)',
    params: idParams,
    response: employeeRow,
  }),
  reactivate: endpoint({
    method: 'POST',
    path: '/admin/employees/:id/reactivate',
    access: manageEmployees,
    tags: employeeTags,
    summary: 'Reactivate an employee',
    params: idParams,
    response: employeeRow,
  }),
};

const bdeTags = ['bdes'] as const;
const bdesPage = { page: BDES_PAGE } as const;
const assigning = { action: 'bdes.assign' } as const;

/** BDE Management: territories, targets, passwords, and the members each BDE looks after. */
export const bdesEndpoints = {
  history: historyEndpoint('/admin/bdes', { page: BDES_PAGE }, 'BDE', ['bdes']),
  ...listEndpoints('/admin/bdes', {
    access: bdesPage,
    row: bdeRow,
    tags: bdeTags,
    summary: 'BDEs with territory, target and this month’s onboarding',
  }),
  members: listEndpoints('/admin/bde-members', {
    access: bdesPage,
    row: bdeMemberRow,
    tags: bdeTags,
    summary: 'Members with their BDE (the member picker and a BDE’s assigned members)',
  }),
  // The BDE filter of BDA Activity and the "move to" picker.
  options: optionsEndpoint('/admin/bdes/options', bdeOption, 'Every BDE, for pickers', ['bdes']),
  one: endpoint({
    method: 'GET',
    path: '/admin/bdes/:id',
    access: bdesPage,
    tags: bdeTags,
    summary: 'One BDE',
    params: idParams,
    response: bdeRow,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/bdes',
    access: { action: 'bdes.manage' },
    tags: bdeTags,
    summary: 'Make an employee a BDE: territory, monthly target and field-app password',
    body: bdeCreateBody,
    response: bdeRow,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/bdes/:id',
    access: { action: 'bdes.manage' },
    tags: bdeTags,
    summary: 'Change territory, target or field-app status',
    params: idParams,
    body: bdeUpdateBody,
    response: bdeRow,
  }),
  password: endpoint({
    method: 'PUT',
    path: '/admin/bdes/:id/password',
    access: { action: 'bdes.password' },
    tags: bdeTags,
    summary: 'Set or reset the field-app password (signs the BDE out of the field app)',
    params: idParams,
    body: bdePasswordBody,
    response: bdeRow,
  }),
  assign: endpoint({
    method: 'POST',
    path: '/admin/bdes/:id/members',
    access: assigning,
    tags: bdeTags,
    summary: 'Assign members to this BDE',
    params: idParams,
    body: bdeAssignBody,
    response: bdeMoveResult,
  }),
  move: endpoint({
    method: 'POST',
    path: '/admin/bdes/:id/members/move',
    access: assigning,
    tags: bdeTags,
    summary: 'Move members of this BDE (the given ones, or all) to another BDE',
    params: idParams,
    body: bdeMoveBody,
    response: bdeMoveResult,
  }),
};
