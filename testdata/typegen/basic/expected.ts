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
      accounts: {
        Row: {
          id: number
          number: number
          owner_id: string | null
          region: string
        }
        Insert: {
          id?: number
          number: number
          owner_id?: string | null
          region: string
        }
        Update: {
          id?: number
          number?: number
          owner_id?: string | null
          region?: string
        }
        Relationships: [
          {
            foreignKeyName: "accounts_owner_id_fkey"
            columns: ["owner_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      comments: {
        Row: {
          author_id: string | null
          content: string
          id: number
          parent_id: number | null
          post_id: number
        }
        Insert: {
          author_id?: string | null
          content: string
          id?: number
          parent_id?: number | null
          post_id: number
        }
        Update: {
          author_id?: string | null
          content?: string
          id?: number
          parent_id?: number | null
          post_id?: number
        }
        Relationships: [
          {
            foreignKeyName: "comments_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "comments_parent_id_fkey"
            columns: ["parent_id"]
            isOneToOne: false
            referencedRelation: "comments"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "comments_post_id_fkey"
            columns: ["post_id"]
            isOneToOne: false
            referencedRelation: "posts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "comments_post_id_fkey"
            columns: ["post_id"]
            isOneToOne: false
            referencedRelation: "published_posts"
            referencedColumns: ["id"]
          },
        ]
      }
      "Mixed Case": {
        Row: {
          _underscore: string | null
          ID: number
          "Some Column": string | null
          zeta: number | null
        }
        Insert: {
          _underscore?: string | null
          ID: number
          "Some Column"?: string | null
          zeta?: number | null
        }
        Update: {
          _underscore?: string | null
          ID?: number
          "Some Column"?: string | null
          zeta?: number | null
        }
        Relationships: []
      }
      posts: {
        Row: {
          author_id: string
          body: string | null
          id: number
          published: boolean | null
          title: string
          word_count: number | null
        }
        Insert: {
          author_id: string
          body?: string | null
          id?: never
          published?: boolean | null
          title: string
          word_count?: number | null
        }
        Update: {
          author_id?: string
          body?: string | null
          id?: never
          published?: boolean | null
          title?: string
          word_count?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "posts_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      profile_settings: {
        Row: {
          notifications: boolean
          profile_id: string
          theme: string | null
        }
        Insert: {
          notifications: boolean
          profile_id: string
          theme?: string | null
        }
        Update: {
          notifications?: boolean
          profile_id?: string
          theme?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "profile_settings_profile_id_fkey"
            columns: ["profile_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          active: boolean
          age: number | null
          avatar: string | null
          big_count: number | null
          bio: string | null
          born: string | null
          code: string | null
          created_at: string
          current_mood: Database["public"]["Enums"]["mood"] | null
          data: Json
          full_name: string | null
          id: string
          moods: Database["public"]["Enums"]["mood"][] | null
          period: string | null
          precise: number | null
          price: number | null
          priority: Database["public"]["Enums"]["Priority level"]
          ratio: number | null
          score: number
          scores: number[]
          settings: Json | null
          tags: string[] | null
          updated_at: string | null
          username: string
          wakes_at: string | null
        }
        Insert: {
          active?: boolean
          age?: number | null
          avatar?: string | null
          big_count?: number | null
          bio?: string | null
          born?: string | null
          code?: string | null
          created_at?: string
          current_mood?: Database["public"]["Enums"]["mood"] | null
          data?: Json
          full_name?: string | null
          id?: string
          moods?: Database["public"]["Enums"]["mood"][] | null
          period?: string | null
          precise?: number | null
          price?: number | null
          priority?: Database["public"]["Enums"]["Priority level"]
          ratio?: number | null
          score?: number
          scores?: number[]
          settings?: Json | null
          tags?: string[] | null
          updated_at?: string | null
          username: string
          wakes_at?: string | null
        }
        Update: {
          active?: boolean
          age?: number | null
          avatar?: string | null
          big_count?: number | null
          bio?: string | null
          born?: string | null
          code?: string | null
          created_at?: string
          current_mood?: Database["public"]["Enums"]["mood"] | null
          data?: Json
          full_name?: string | null
          id?: string
          moods?: Database["public"]["Enums"]["mood"][] | null
          period?: string | null
          precise?: number | null
          price?: number | null
          priority?: Database["public"]["Enums"]["Priority level"]
          ratio?: number | null
          score?: number
          scores?: number[]
          settings?: Json | null
          tags?: string[] | null
          updated_at?: string | null
          username?: string
          wakes_at?: string | null
        }
        Relationships: []
      }
      transfers: {
        Row: {
          amount: number
          from_number: number
          from_region: string
          id: number
        }
        Insert: {
          amount: number
          from_number: number
          from_region: string
          id?: number
        }
        Update: {
          amount?: number
          from_number?: number
          from_region?: string
          id?: number
        }
        Relationships: [
          {
            foreignKeyName: "transfers_from_fkey"
            columns: ["from_region", "from_number"]
            isOneToOne: false
            referencedRelation: "accounts"
            referencedColumns: ["region", "number"]
          },
        ]
      }
    }
    Views: {
      author_stats: {
        Row: {
          comment_count: number | null
          username: string | null
        }
        Relationships: []
      }
      published_posts: {
        Row: {
          author_id: string | null
          id: number | null
          title: string | null
        }
        Insert: {
          author_id?: string | null
          id?: number | null
          title?: string | null
        }
        Update: {
          author_id?: string | null
          id?: number | null
          title?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "posts_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Functions: {
      [_ in never]: never
    }
    Enums: {
      mood: "sad" | "ok" | "happy"
      "Priority level":
        | "low"
        | "medium"
        | "high"
        | "very high"
        | "urgent"
        | "critical"
        | "blocker"
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
    Enums: {
      mood: ["sad", "ok", "happy"],
      "Priority level": [
        "low",
        "medium",
        "high",
        "very high",
        "urgent",
        "critical",
        "blocker",
      ],
    },
  },
} as const

