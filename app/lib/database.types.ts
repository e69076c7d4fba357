export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      admin_activity: {
        Row: {
          action: string
          actor_id: string | null
          actor_name: string
          created_at: string
          id: number
          record_id: string
          table_name: string
        }
        ComputedFields: never
        Insert: {
          action: string
          actor_id?: string | null
          actor_name: string
          created_at?: string
          id?: never
          record_id: string
          table_name: string
        }
        Update: {
          action?: string
          actor_id?: string | null
          actor_name?: string
          created_at?: string
          id?: never
          record_id?: string
          table_name?: string
        }
        Relationships: []
      }
      admins: {
        Row: {
          created_at: string
          user_id: string
        }
        ComputedFields: never
        Insert: {
          created_at?: string
          user_id: string
        }
        Update: {
          created_at?: string
          user_id?: string
        }
        Relationships: []
      }
      contacts: {
        Row: {
          created_at: string
          email: string
          handled_at: string | null
          id: string
          message: string
          name: string
          region: string | null
          source: string
          status: string
        }
        ComputedFields: never
        Insert: {
          created_at?: string
          email: string
          handled_at?: string | null
          id?: string
          message: string
          name: string
          region?: string | null
          source?: string
          status?: string
        }
        Update: {
          created_at?: string
          email?: string
          handled_at?: string | null
          id?: string
          message?: string
          name?: string
          region?: string | null
          source?: string
          status?: string
        }
        Relationships: []
      }
      events: {
        Row: {
          created_at: string
          description: string
          end_date: string | null
          ends_at: string | null
          group_id: string | null
          id: string
          image_url: string | null
          is_online: boolean
          is_published: boolean
          location: string | null
          max_participants: number | null
          organizer_id: string | null
          published_at: string | null
          registration_url: string | null
          slug: string
          start_date: string
          time_zone: string
          title: string
          updated_at: string
        }
        ComputedFields: never
        Insert: {
          created_at?: string
          description: string
          end_date?: string | null
          ends_at?: never
          group_id?: string | null
          id?: string
          image_url?: string | null
          is_online?: boolean
          is_published?: boolean
          location?: string | null
          max_participants?: number | null
          organizer_id?: string | null
          published_at?: string | null
          registration_url?: string | null
          slug: string
          start_date: string
          time_zone?: string
          title: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          description?: string
          end_date?: string | null
          ends_at?: never
          group_id?: string | null
          id?: string
          image_url?: string | null
          is_online?: boolean
          is_published?: boolean
          location?: string | null
          max_participants?: number | null
          organizer_id?: string | null
          published_at?: string | null
          registration_url?: string | null
          slug?: string
          start_date?: string
          time_zone?: string
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "events_group_id_fkey"
            columns: ["group_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "events_organizer_id_fkey"
            columns: ["organizer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      groups: {
        Row: {
          contact_email: string | null
          created_at: string
          description: string
          id: string
          is_verified: boolean
          latitude: number | null
          location: string | null
          logo_url: string | null
          longitude: number | null
          name: string
          updated_at: string
          website: string | null
        }
        ComputedFields: never
        Insert: {
          contact_email?: string | null
          created_at?: string
          description: string
          id?: string
          is_verified?: boolean
          latitude?: number | null
          location?: string | null
          logo_url?: string | null
          longitude?: number | null
          name: string
          updated_at?: string
          website?: string | null
        }
        Update: {
          contact_email?: string | null
          created_at?: string
          description?: string
          id?: string
          is_verified?: boolean
          latitude?: number | null
          location?: string | null
          logo_url?: string | null
          longitude?: number | null
          name?: string
          updated_at?: string
          website?: string | null
        }
        Relationships: []
      }
      members: {
        Row: {
          approved_at: string
          user_id: string
        }
        ComputedFields: never
        Insert: {
          approved_at?: string
          user_id: string
        }
        Update: {
          approved_at?: string
          user_id?: string
        }
        Relationships: []
      }
      membership_applications: {
        Row: {
          created_at: string
          reason: string
          user_id: string
        }
        ComputedFields: never
        Insert: {
          created_at?: string
          reason: string
          user_id: string
        }
        Update: {
          created_at?: string
          reason?: string
          user_id?: string
        }
        Relationships: []
      }
      news_articles: {
        Row: {
          author_id: string | null
          content: string
          created_at: string
          excerpt: string
          id: string
          image_url: string | null
          is_published: boolean
          published_at: string | null
          slug: string
          tags: string[]
          title: string
          updated_at: string
        }
        ComputedFields: never
        Insert: {
          author_id?: string | null
          content?: string
          created_at?: string
          excerpt?: string
          id?: string
          image_url?: string | null
          is_published?: boolean
          published_at?: string | null
          slug: string
          tags?: string[]
          title: string
          updated_at?: string
        }
        Update: {
          author_id?: string | null
          content?: string
          created_at?: string
          excerpt?: string
          id?: string
          image_url?: string | null
          is_published?: boolean
          published_at?: string | null
          slug?: string
          tags?: string[]
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "news_articles_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      newsletter_subscriptions: {
        Row: {
          confirmation_mails: number
          confirmation_sent_at: string | null
          confirmation_token_hash: string | null
          confirmed_at: string | null
          created_at: string
          email: string
          id: string
          unsubscribe_token: string
        }
        ComputedFields: never
        Insert: {
          confirmation_mails?: number
          confirmation_sent_at?: string | null
          confirmation_token_hash?: string | null
          confirmed_at?: string | null
          created_at?: string
          email: string
          id?: string
          unsubscribe_token?: string
        }
        Update: {
          confirmation_mails?: number
          confirmation_sent_at?: string | null
          confirmation_token_hash?: string | null
          confirmed_at?: string | null
          created_at?: string
          email?: string
          id?: string
          unsubscribe_token?: string
        }
        Relationships: []
      }
      profiles: {
        Row: {
          avatar_url: string | null
          created_at: string
          id: string
          updated_at: string
          username: string
          username_skeleton: string
        }
        ComputedFields: never
        Insert: {
          avatar_url?: string | null
          created_at?: string
          id: string
          updated_at?: string
          username: string
          username_skeleton?: string
        }
        Update: {
          avatar_url?: string | null
          created_at?: string
          id?: string
          updated_at?: string
          username?: string
          username_skeleton?: string
        }
        Relationships: []
      }
      proposal_comments: {
        Row: {
          author_id: string
          content: string
          created_at: string
          id: string
          is_hidden: boolean
          proposal_id: string
          updated_at: string
        }
        ComputedFields: never
        Insert: {
          author_id?: string
          content: string
          created_at?: string
          id?: string
          is_hidden?: boolean
          proposal_id: string
          updated_at?: string
        }
        Update: {
          author_id?: string
          content?: string
          created_at?: string
          id?: string
          is_hidden?: boolean
          proposal_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "proposal_comments_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "proposal_comments_proposal_id_fkey"
            columns: ["proposal_id"]
            isOneToOne: false
            referencedRelation: "proposals"
            referencedColumns: ["id"]
          },
        ]
      }
      proposal_reports: {
        Row: {
          comment_id: string | null
          created_at: string
          id: string
          proposal_id: string
          reason: string
          reporter_id: string | null
          resolved_at: string | null
          resolved_by: string | null
        }
        ComputedFields: never
        Insert: {
          comment_id?: string | null
          created_at?: string
          id?: string
          proposal_id: string
          reason: string
          reporter_id?: string | null
          resolved_at?: string | null
          resolved_by?: string | null
        }
        Update: {
          comment_id?: string | null
          created_at?: string
          id?: string
          proposal_id?: string
          reason?: string
          reporter_id?: string | null
          resolved_at?: string | null
          resolved_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "proposal_reports_comment_id_fkey"
            columns: ["comment_id"]
            isOneToOne: false
            referencedRelation: "proposal_comments"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "proposal_reports_proposal_id_fkey"
            columns: ["proposal_id"]
            isOneToOne: false
            referencedRelation: "proposals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "proposal_reports_reporter_id_fkey"
            columns: ["reporter_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "proposal_reports_resolved_by_fkey"
            columns: ["resolved_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      proposal_votes: {
        Row: {
          created_at: string
          proposal_id: string
          updated_at: string
          user_id: string
          vote: string
        }
        ComputedFields: never
        Insert: {
          created_at?: string
          proposal_id: string
          updated_at?: string
          user_id?: string
          vote: string
        }
        Update: {
          created_at?: string
          proposal_id?: string
          updated_at?: string
          user_id?: string
          vote?: string
        }
        Relationships: [
          {
            foreignKeyName: "proposal_votes_proposal_id_fkey"
            columns: ["proposal_id"]
            isOneToOne: false
            referencedRelation: "proposals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "proposal_votes_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      proposals: {
        Row: {
          author_id: string | null
          content: string
          created_at: string
          final_oppose_count: number | null
          final_support_count: number | null
          group_id: string | null
          id: string
          is_hidden: boolean
          published_at: string | null
          status: string
          title: string
          updated_at: string
          voting_ends_at: string | null
          voting_starts_at: string | null
          oppose_count: number | null
          support_count: number | null
          vote_count: number | null
        }
        ComputedFields: "oppose_count" | "support_count" | "vote_count"
        Insert: {
          author_id?: string | null
          content?: string
          created_at?: string
          final_oppose_count?: number | null
          final_support_count?: number | null
          group_id?: string | null
          id?: string
          is_hidden?: boolean
          published_at?: string | null
          status?: string
          title: string
          updated_at?: string
          voting_ends_at?: string | null
          voting_starts_at?: string | null
        }
        Update: {
          author_id?: string | null
          content?: string
          created_at?: string
          final_oppose_count?: number | null
          final_support_count?: number | null
          group_id?: string | null
          id?: string
          is_hidden?: boolean
          published_at?: string | null
          status?: string
          title?: string
          updated_at?: string
          voting_ends_at?: string | null
          voting_starts_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "proposals_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "proposals_group_id_fkey"
            columns: ["group_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id"]
          },
        ]
      }
      resources: {
        Row: {
          author_id: string | null
          content: string
          created_at: string
          description: string
          download_count: number
          file_url: string | null
          id: string
          is_published: boolean
          published_at: string | null
          resource_type: string
          slug: string
          title: string
          updated_at: string
        }
        ComputedFields: never
        Insert: {
          author_id?: string | null
          content?: string
          created_at?: string
          description: string
          download_count?: number
          file_url?: string | null
          id?: string
          is_published?: boolean
          published_at?: string | null
          resource_type?: string
          slug: string
          title: string
          updated_at?: string
        }
        Update: {
          author_id?: string | null
          content?: string
          created_at?: string
          description?: string
          download_count?: number
          file_url?: string | null
          id?: string
          is_published?: boolean
          published_at?: string | null
          resource_type?: string
          slug?: string
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "resources_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      approve_member: { Args: { account: string }; Returns: undefined }
      cast_vote: {
        Args: { proposal_id: string; vote: string }
        Returns: undefined
      }
      decline_member: { Args: { account: string }; Returns: undefined }
      delete_own_account: {
        Args: Record<PropertyKey, never>
        Returns: undefined
      }
      increment_download_count: {
        Args: { resource_id: string }
        Returns: string
      }
      is_admin: { Args: Record<PropertyKey, never>; Returns: boolean }
      is_member: { Args: Record<PropertyKey, never>; Returns: boolean }
      member_accounts: {
        Args: Record<PropertyKey, never>
        Returns: {
          approved_at: string
          email: string
          has_second_factor: boolean
          id: string
          reason: string
          signed_up_at: string
          username: string
        }[]
      }
      newsletter_confirm: { Args: { token: string }; Returns: string }
      newsletter_mail_failed: { Args: { token: string }; Returns: undefined }
      newsletter_purge_unconfirmed: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      newsletter_subscribe: { Args: { address: string }; Returns: string }
      newsletter_unsubscribe: { Args: { token: string }; Returns: boolean }
      oppose_count: {
        Args: {
          proposal: Omit<
            Database["public"]["Tables"]["proposals"]["Row"],
            Database["public"]["Tables"]["proposals"]["ComputedFields"]
          >
        }
        Returns: number
      }
      public_name_available: { Args: { name: string }; Returns: boolean }
      remove_second_factor: { Args: { account: string }; Returns: undefined }
      resolve_report: { Args: { report: string }; Returns: undefined }
      retention_periods: {
        Args: Record<PropertyKey, never>
        Returns: {
          amount: number
          item: string
          unit: string
        }[]
      }
      revoke_member: { Args: { account: string }; Returns: undefined }
      run_housekeeping: { Args: Record<PropertyKey, never>; Returns: Json }
      submit_contact_message: {
        Args: {
          email: string
          message: string
          name: string
          region?: string
          source: string
        }
        Returns: undefined
      }
      support_count: {
        Args: {
          proposal: Omit<
            Database["public"]["Tables"]["proposals"]["Row"],
            Database["public"]["Tables"]["proposals"]["ComputedFields"]
          >
        }
        Returns: number
      }
      viewer_rights: { Args: Record<PropertyKey, never>; Returns: Json }
      vote_count: {
        Args: {
          proposal: Omit<
            Database["public"]["Tables"]["proposals"]["Row"],
            Database["public"]["Tables"]["proposals"]["ComputedFields"]
          >
        }
        Returns: number
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    keyof DefaultSchema["Enums"] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const
