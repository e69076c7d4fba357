// generated shape; replaced by the database issue
export type Database = { public: { Tables: {}; Views: {}; Functions: {}; Enums: {}; CompositeTypes: {} } };
