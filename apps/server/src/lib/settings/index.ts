/** The effective-dated, maker-checker setting kit; contract: `effective-settings.ts`. */
export { type LockedSetting, type SettingColumn, settingRepository } from './repository';
export { type StaffActor, settingService } from './service';
